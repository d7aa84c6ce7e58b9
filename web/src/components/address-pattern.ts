// What reads as an AXM address a reader can open, wherever the chain's own text holds one (messages, event attributes).

/** An account or contract (axm1…) or a validator (axmvaloper1…): the prefix, then bech32's alphabet. */
export const ADDRESS_PATTERN = "axm(?:valoper)?1[02-9ac-hj-np-z]{38,}";

const ADDRESS = new RegExp(`^${ADDRESS_PATTERN}$`);

export function isAddress(value: unknown): value is string {
  return typeof value === "string" && ADDRESS.test(value);
}
