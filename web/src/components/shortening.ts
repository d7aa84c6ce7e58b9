// Shortened addresses and nicknames (SPEC.md §9): addresses keep their first and last characters, nicknames their first 22.

/** The statistics card's address: 25 leading and 6 trailing characters. */
export const CARD_ADDRESS = { head: 25, tail: 6 } as const;
/** An address in a table or beside a label: 15 leading and 6 trailing characters. */
export const LIST_ADDRESS = { head: 15, tail: 6 } as const;
export const NICKNAME_MAX = 22;

export function shortenEnds(text: string, { head, tail }: { head: number; tail: number }): string {
  return text.length <= head + tail + 3 ? text : `${text.slice(0, head)}...${text.slice(-tail)}`;
}

/** A nickname longer than 22 characters keeps its first 22, then "...". */
export function shortenNickname(name: string): string {
  const characters = [...name];
  return characters.length > NICKNAME_MAX ? `${characters.slice(0, NICKNAME_MAX).join("")}...` : name;
}

/** A member's name as the team table shows it: the nickname, else the address shortened. */
export function displayName(name: string | null | undefined, address: string): string {
  return name ? shortenNickname(name) : shortenEnds(address, LIST_ADDRESS);
}

/** The messenger link of a handle (with or without "@"). */
export function telegramUrl(handle: string): string {
  return `https://t.me/${encodeURIComponent(handle.replace(/^@/, ""))}`;
}
