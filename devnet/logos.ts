// Validator logos: a simple SVG per validator (initials on a coloured circle), served at /logos/{identity}.svg.
import type { Validator } from "./state.ts";

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function logoSvg(validator: Validator): string {
  const hue = parseInt(validator.identity.slice(0, 4), 16) % 360;
  const initials = validator.moniker
    .split(/\s+/)
    .map((word) => word[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">` +
    `<circle cx="64" cy="64" r="64" fill="hsl(${hue}, 62%, 45%)"/>` +
    `<text x="64" y="78" font-family="Helvetica, Arial, sans-serif" font-size="44" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(initials)}</text>` +
    `</svg>`
  );
}
