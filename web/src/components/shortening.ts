// Shortened nicknames (SPEC.md §9: their first 22 characters) and a member's name or address; addresses are shortened by
// core/format.ts's shortenAddress alone.
import { shortenAddress } from "../../../core/format.ts";

export const NICKNAME_MAX = 22;

/** A nickname longer than 22 characters keeps its first 22, then "...". */
export function shortenNickname(name: string): string {
  const characters = [...name];
  return characters.length > NICKNAME_MAX ? `${characters.slice(0, NICKNAME_MAX).join("")}...` : name;
}

/** A member's name as the team table shows it: the nickname, else the address shortened. */
export function displayName(name: string | null | undefined, address: string): string {
  return name ? shortenNickname(name) : shortenAddress(address);
}

/** The messenger link of a handle (with or without "@"). */
export function telegramUrl(handle: string): string {
  return `https://t.me/${encodeURIComponent(handle.replace(/^@/, ""))}`;
}
