// Addresses written by strangers (token logos, project links) are used only when they are absolute http(s) ones:
// javascript:, data: and every other scheme are dropped (DESIGN.md: HTML and links from the chain are not trusted).

/** The http(s) address as given, normalised; null for anything else (another scheme, relative, malformed). */
export function safeWebUrl(url: string | null | undefined): string | null {
  const text = url?.trim();
  if (!text) return null;
  try {
    const parsed = new URL(text);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}
