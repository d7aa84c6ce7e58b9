// CW-20 token logos: a coin with the ticker, one colour per token, served at /token-logos/{symbol}.svg.
import { TOKENS } from "./contracts-tokens.ts";

function hueOf(symbol: string): number {
  let hash = 7;
  for (const c of symbol) hash = (hash * 37 + c.charCodeAt(0)) % 360;
  return hash;
}

/** The logo of one of the devnet's tokens; undefined for any other symbol. */
export function tokenLogoSvg(symbol: string): string | undefined {
  const token = TOKENS.find((t) => t.symbol === symbol);
  if (!token) return undefined;
  const hue = hueOf(token.symbol);
  const size = token.symbol.length > 3 ? 34 : 42;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">` +
    `<circle cx="64" cy="64" r="62" fill="hsl(${hue}, 70%, 38%)"/>` +
    `<circle cx="64" cy="64" r="50" fill="none" stroke="hsl(${hue}, 80%, 78%)" stroke-width="4"/>` +
    `<text x="64" y="${64 + size / 3}" font-family="Helvetica, Arial, sans-serif" font-size="${size}" font-weight="700" fill="#fff" text-anchor="middle">${token.symbol}</text>` +
    `</svg>`
  );
}
