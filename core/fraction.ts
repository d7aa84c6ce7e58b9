// The vote module's util.Fraction as text ("1/2", "50%", "0"): a poll's quorum, read by the API and the web app alike.

/** The fraction's value; null when absent or unreadable. */
export function fractionValue(text: unknown): number | null {
  if (typeof text !== "string" || text === "") return null;
  const percent = /^(\d+)%$/.exec(text);
  if (percent) return Number(percent[1]) / 100;
  const match = /^(\d+)(?:\/(\d+))?$/.exec(text);
  if (!match) return null;
  const value = Number(match[1]) / Number(match[2] ?? "1");
  return Number.isFinite(value) ? value : null;
}
