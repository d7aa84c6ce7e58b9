// A validator's website as a link target: only http(s), with https:// added to a bare domain; null for anything else.
import { parseWebUrl } from "../../../../core/format.ts";

export function websiteUrl(site: string): string | null {
  const text = site.trim();
  if (!text || /\s/.test(text)) return null;
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  const url = parseWebUrl(candidate);
  return url && url.hostname.includes(".") ? url.href : null;
}
