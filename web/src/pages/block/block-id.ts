// The block number in /blocks/:id: a positive whole number, anything else is not a block (SPEC.md §8).
export function parseBlockHeight(id: string | undefined): number | null {
  if (!id || !/^[1-9]\d*$/.test(id)) return null;
  const height = Number(id);
  return Number.isSafeInteger(height) ? height : null;
}

/** SPEC.md §3: a block without an emission rate has the default 0.2. */
export const DEFAULT_EMISSION_RATE = 0.2;

/** The emission rate as a percent number (0.1821 → 18.21). */
export function emissionPercent(er: number | null | undefined): number {
  return (typeof er === "number" && Number.isFinite(er) ? er : DEFAULT_EMISSION_RATE) * 100;
}
