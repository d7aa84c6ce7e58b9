// SPEC.md §1: which hosts are the product's own, and when a copy of the app on another host is covered by a blank screen.

/** An allowed host also covers its www. and dev. variants. */
const VARIANT_PREFIXES = ["", "www.", "dev."];

function canonicalHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, "");
}

/** True on localhost, on an allowed host and on its www. and dev. variants. */
export function isOwnDomain(hostname: string, allowedHosts: readonly string[]): boolean {
  const host = canonicalHost(hostname);
  if (host === "localhost") return true;
  return allowedHosts.some((allowed) => {
    const own = canonicalHost(allowed);
    return own !== "" && VARIANT_PREFIXES.some((prefix) => host === prefix + own);
  });
}

/** On another host, the main page is covered while nobody is signed in. */
export function coversPage({ ownDomain, pathname, signedIn }: { ownDomain: boolean; pathname: string; signedIn: boolean }): boolean {
  return !ownDomain && pathname === "/" && !signedIn;
}
