// Event attributes as the JSON the Events tab shows: { key: value } reads best, but only while no key repeats.
import type { Attribute } from "../api/types.ts";

export function attributesJson(attributes: Attribute[]): Record<string, string> | Attribute[] {
  const keys = new Set(attributes.map((attribute) => attribute.key));
  if (keys.size !== attributes.length) return attributes;
  return Object.fromEntries(attributes.map((attribute) => [attribute.key, attribute.value]));
}
