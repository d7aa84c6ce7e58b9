// Amounts: integers in micro units (uaxm) everywhere; divided by 1,000,000 only when printed.

export const BASE_DENOM = "uaxm";
export const MICRO = 1_000_000n;
export const MAXIMAL_SUPPLY = 1_000_000_000n * MICRO;

/** Parses a Cosmos coins string ("5000000uaxm,3uret") into coin objects; malformed parts are skipped. */
export function parseCoins(text: string): { denom: string; amount: string }[] {
  const coins: { denom: string; amount: string }[] = [];
  for (const part of text.split(",")) {
    const match = /^\s*(\d+)([a-zA-Z][a-zA-Z0-9/:._-]{1,127})\s*$/.exec(part);
    if (match) coins.push({ amount: match[1].replace(/^0+(?=\d)/, ""), denom: match[2] });
  }
  return coins;
}

/** Sum of the coins of one denom in a coins string or list. */
export function amountOf(coins: string | { denom: string; amount: string }[], denom = BASE_DENOM): bigint {
  const list = typeof coins === "string" ? parseCoins(coins) : coins;
  return list.filter((c) => c.denom === denom).reduce((sum, c) => sum + BigInt(c.amount), 0n);
}

/**
 * An integer amount of the smallest unit as an exact decimal of whole units, for files and machines rather than people:
 * no grouping, no trailing zeros, a leading "-" when negative ("-1.5", "0", "1234.000001" for decimals 6).
 */
export function exactDecimal(value: bigint, decimals = 6): string {
  const sign = value < 0n ? "-" : "";
  const digits = (value < 0n ? -value : value).toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, "");
  return `${sign}${whole}${fraction ? `.${fraction}` : ""}`;
}
