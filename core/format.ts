// Display formatting shared by the web app and its tests: coin amounts, digit grouping, time-ago, shortened hashes, and
// the one check that a link or image address from outside (the chain, a validator's description, the configuration) is an
// absolute http(s) one: javascript:, data: and every other scheme are refused (DESIGN.md).
import { BLOCK_TIME_MS } from "./block-time.ts";
import { MICRO } from "./amount.ts";

/** Russian-style grouping (SPEC.md §1): thousands separated by a no-break space, decimal comma. */
const GROUP_SEPARATOR = "\u00a0";
const DECIMAL_SEPARATOR = ",";

function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_SEPARATOR);
}

function toBigInt(value: bigint | number | string): bigint | null {
  if (typeof value === "bigint") return value;
  if (typeof value === "number") return Number.isSafeInteger(value) ? BigInt(value) : null;
  return /^-?\d+$/.test(value.trim()) ? BigInt(value.trim()) : null;
}

/** An integer with Russian-style grouping ("1 234 567"); "n/d" for anything that is not an integer. */
export function formatInteger(value: bigint | number | string): string {
  const n = toBigInt(value);
  if (n === null) return "n/d";
  const sign = n < 0n ? "-" : "";
  return sign + groupDigits((n < 0n ? -n : n).toString());
}

/**
 * A micro-unit amount as coins: divided by 1,000,000 with BigInt arithmetic, at most `decimals` fraction digits
 * (cut, not rounded, so a balance is never shown larger than it is), trailing zeros dropped.
 */
export function formatCoins(micro: bigint | number | string, decimals = 6): string {
  const n = toBigInt(micro);
  if (n === null) return "n/d";
  const negative = n < 0n;
  const abs = negative ? -n : n;
  const whole = abs / MICRO;
  const fraction = (abs % MICRO)
    .toString()
    .padStart(6, "0")
    .slice(0, Math.max(0, Math.min(6, decimals)))
    .replace(/0+$/, "");
  const text = groupDigits(whole.toString()) + (fraction ? DECIMAL_SEPARATOR + fraction : "");
  return (negative ? "-" : "") + text;
}

/** SPEC.md §9: a token amount shows at most 9 decimals. */
export const TOKEN_DECIMALS_SHOWN = 9;
/** CW-20 decimals are a u8; anything outside this is not a token's. */
const MAX_TOKEN_DECIMALS = 255;

/**
 * A token amount in its smallest unit as whole tokens: divided by 10^decimals with BigInt arithmetic (every digit exact,
 * beyond the 40 SPEC.md §9 asks for), at most `shown` fraction digits (cut, not rounded), trailing zeros dropped.
 */
export function formatTokenAmount(raw: bigint | number | string, decimals: number, shown = TOKEN_DECIMALS_SHOWN): string {
  const n = toBigInt(raw);
  if (n === null || !Number.isInteger(decimals) || decimals < 0 || decimals > MAX_TOKEN_DECIMALS) return "n/d";
  const negative = n < 0n;
  const abs = negative ? -n : n;
  const divisor = 10n ** BigInt(decimals);
  const fraction = (abs % divisor).toString().padStart(decimals, "0").slice(0, Math.max(0, shown)).replace(/0+$/, "");
  return (negative ? "-" : "") + groupDigits((abs / divisor).toString()) + (fraction ? DECIMAL_SEPARATOR + fraction : "");
}

/** A decimal number (rates, per-second figures) with grouping and at most `decimals` fraction digits. */
export function formatDecimal(value: number, decimals = 2): string {
  if (!Number.isFinite(value)) return "n/d";
  const fixed = Math.abs(value).toFixed(decimals);
  const [whole, fraction = ""] = fixed.split(".");
  const trimmed = fraction.replace(/0+$/, "");
  return (value < 0 && Number(fixed) !== 0 ? "-" : "") + groupDigits(whole) + (trimmed ? DECIMAL_SEPARATOR + trimmed : "");
}

/**
 * Coins as formatCoins cuts them to `decimals` places, except that a positive amount never reads 0: below one unit of
 * the last place it is "< 0,01" (SPEC.md §2, §9: delegations under 0.01 AXM).
 */
export function formatCoinsNonZero(micro: bigint | number | string, decimals = 2): string {
  const n = toBigInt(micro);
  if (n === null) return "n/d";
  const smallest = MICRO / 10n ** BigInt(Math.max(0, Math.min(6, decimals)));
  return n > 0n && n < smallest ? `< ${formatCoins(smallest, decimals)}` : formatCoins(n, decimals);
}

/** A number with exactly `decimals` fraction digits and grouping, so percents in a column line up: 5.1 → "5,10". */
export function formatFixed(value: number, decimals = 2): string {
  if (!Number.isFinite(value)) return "n/d";
  const [whole, fraction] = Math.abs(value).toFixed(decimals).split(".");
  const sign = value < 0 && /[1-9]/.test(whole + (fraction ?? "")) ? "-" : "";
  return sign + groupDigits(whole) + (fraction ? DECIMAL_SEPARATOR + fraction : "");
}

/** SPEC.md §3: a block without an emission rate has the default 0.2. */
export const DEFAULT_EMISSION_RATE = 0.2;

/** SPEC.md §9: the block time (seconds) given and shown when the statistics have none yet. */
export const DEFAULT_BLOCK_TIME_S = BLOCK_TIME_MS / 1000;

/** A block's emission rate (a fraction; the default when absent) as a percent with two decimals: 0.18211 → "18,21". */
export function formatEmissionRate(er: number | null | undefined): string {
  const rate = typeof er === "number" && Number.isFinite(er) ? er : DEFAULT_EMISSION_RATE;
  return formatFixed(rate * 100, 2);
}

/** `part` as a percent of `whole` (both micro units), as a number; 0 when whole is 0. */
export function percentOf(part: bigint | string, whole: bigint | string): number {
  const p = toBigInt(part);
  const w = toBigInt(whole);
  if (p === null || w === null || w === 0n) return 0;
  return Number((p * 1_000_000n) / w) / 10_000;
}

/** The label of a message type: its last dot-separated segment ("/cosmos.bank.v1beta1.MsgSend" → "MsgSend"). */
export function messageLabel(typeUrl: string): string {
  return typeUrl.slice(typeUrl.lastIndexOf(".") + 1);
}

/** First and last `keep` characters joined by "..." (SPEC.md: transaction hashes 16...16). */
export function shorten(text: string, keep = 16): string {
  return text.length <= keep * 2 + 3 ? text : `${text.slice(0, keep)}...${text.slice(-keep)}`;
}

/**
 * How many characters of an address stay at each end (SPEC.md §9): 15 and 6 in lists and beside labels, 25 and 6 in the
 * address page's statistics card. The header's account button, the narrowest place of all, keeps 8 and 4.
 */
export const ADDRESS_ENDS = { list: { head: 15, tail: 6 }, card: { head: 25, tail: 6 }, header: { head: 8, tail: 4 } } as const;

/**
 * The one shortening of an address on screen: its first and last characters joined by "...". What it returns is shown
 * whole (no CSS ellipsis on top of it), with the full address in a title or beside it.
 */
export function shortenAddress(address: string, ends: keyof typeof ADDRESS_ENDS = "list"): string {
  const { head, tail } = ADDRESS_ENDS[ends];
  return address.length <= head + tail + 3 ? address : `${address.slice(0, head)}...${address.slice(-tail)}`;
}

export type TimeAgo = { kind: "seconds"; value: number } | { kind: "minutes"; value: number } | { kind: "date"; text: string } | { kind: "error" };

/**
 * The one way a moment is written (issue 15): in UTC and saying so, whatever the browser's zone. Without a language
 * "2026-11-21 23:51:32 UTC", for tables and fields; with one, a date in that language's words for a sentence, to the
 * minute: "November 21, 2026 at 09:00 UTC".
 */
export function formatUtcDateTime(timestamp: string | number | Date, language?: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return "n/d";
  const text =
    language === undefined
      ? date.toISOString().slice(0, 19).replace("T", " ")
      : new Intl.DateTimeFormat(language, { dateStyle: "long", timeStyle: "short", hourCycle: "h23", timeZone: "UTC" }).format(date);
  return `${text} UTC`;
}

/** SPEC.md §4: seconds under 60 s, minutes under 60 min, otherwise date and time in UTC, labelled; an error on bad input. */
export function timeAgo(timestamp: string | number | Date, now: number = Date.now()): TimeAgo {
  const time = new Date(timestamp).getTime();
  if (Number.isNaN(time)) return { kind: "error" };
  const seconds = Math.max(0, Math.floor((now - time) / 1000));
  if (seconds < 60) return { kind: "seconds", value: seconds };
  if (seconds < 3600) return { kind: "minutes", value: Math.floor(seconds / 60) };
  return { kind: "date", text: formatUtcDateTime(time) };
}

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
