// The block number in /blocks/:id: a positive whole number, anything else is not a block (SPEC.md §8).
export function parseBlockHeight(id: string | undefined): number | null {
  if (!id || !/^[1-9]\d*$/.test(id)) return null;
  const height = Number(id);
  return Number.isSafeInteger(height) ? height : null;
}
