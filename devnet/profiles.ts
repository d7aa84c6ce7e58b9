// Off-chain account profiles the product keeps (nickname, avatar, telegram, confirmed) and the three exchanges, made from the seed.
import { Prng } from "./prng.ts";

export interface Profile {
  address: string;
  nickname: string;
  /** Path on the devnet's HTTP server. */
  avatar: string;
  /** Telegram handle without "@", "" when the user gave none. */
  telegram: string;
  confirmed: boolean;
}

export interface Exchange {
  address: string;
  name: string;
  /** Path on the devnet's HTTP server. */
  logo: string;
}

const ADJECTIVES = ["Swift", "Quiet", "Golden", "Lucky", "Brave", "Crypto", "Silver", "Northern", "Happy", "Cosmic", "Wise", "Bold"];
const NOUNS = ["Fox", "Whale", "Miner", "Falcon", "Staker", "Otter", "Builder", "Voyager", "Lynx", "Harbor", "Comet", "Bear"];
/** Some nicknames are longer than the 22 characters the team table shows in full. */
const LONG_SUFFIX = "TheMagnificentPartner";
export const EXCHANGE_NAMES = ["Orbitex", "Kestrel Markets", "Tidepool Exchange"];

export const avatarPath = (address: string) => `/avatars/${address}.svg`;
export const exchangeLogoPath = (address: string) => `/exchanges/${address}.svg`;

/** About seven users in ten have a profile; a third of those are confirmed. */
export function buildProfiles(seed: string, users: readonly string[]): Profile[] {
  const prng = new Prng(seed, "profiles");
  return users.flatMap((address, i) => {
    if (!prng.chance(0.7)) return [];
    const base = `${prng.pick(ADJECTIVES)}${prng.pick(NOUNS)}`;
    const nickname = prng.chance(0.08) ? `${base}${LONG_SUFFIX}` : `${base}${i}`;
    const telegram = prng.chance(0.6) ? `${base.toLowerCase()}_${i}` : "";
    return [{ address, nickname, avatar: avatarPath(address), telegram, confirmed: prng.chance(0.33) }];
  });
}

export function buildExchanges(addresses: readonly string[]): Exchange[] {
  return addresses.map((address, i) => ({ address, name: EXCHANGE_NAMES[i], logo: exchangeLogoPath(address) }));
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function hueOf(address: string): number {
  let hash = 0;
  for (const c of address) hash = (hash * 31 + c.charCodeAt(0)) % 360;
  return hash;
}

/** Initials on a coloured circle (an avatar) or rounded square (an exchange logo). */
export function badgeSvg(address: string, name: string, shape: "circle" | "square"): string {
  const initials =
    name
      .replace(/[^A-Za-z ]/g, "")
      .match(/[A-Z]/g)
      ?.slice(0, 2)
      .join("") ?? "?";
  const fill = `hsl(${hueOf(address)}, 58%, 46%)`;
  const background = shape === "circle" ? `<circle cx="64" cy="64" r="64" fill="${fill}"/>` : `<rect width="128" height="128" rx="24" fill="${fill}"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">${background}` +
    `<text x="64" y="78" font-family="Helvetica, Arial, sans-serif" font-size="44" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(initials)}</text>` +
    `</svg>`
  );
}
