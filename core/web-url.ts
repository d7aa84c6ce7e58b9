// Links and addresses from outside (the chain, a validator's description, the configuration) are used only when they
// are absolute http(s) ones: javascript:, data: and every other scheme are refused (DESIGN.md).

/** The text as an absolute http(s) URL, or null (another scheme, relative, malformed). */
export function parseWebUrl(text: string | null | undefined): URL | null {
  if (!text) return null;
  try {
    const url = new URL(text);
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

/** The http(s) address normalised (as a link target or an image source); null for anything else. */
export function safeWebUrl(text: string | null | undefined): string | null {
  return parseWebUrl(text?.trim())?.href ?? null;
}
