// The message-type filter's options: a label per type URL (its last segment) and the search over those labels.
import { messageLabel } from "../../../../core/format.ts";

export interface MessageTypeOption {
  type: string;
  label: string;
}

/** Options ordered by label, so a type is found where its name says, whatever module it comes from. */
export function messageTypeOptions(types: readonly string[]): MessageTypeOption[] {
  return types.map((type) => ({ type, label: messageLabel(type) })).sort((a, b) => a.label.localeCompare(b.label) || a.type.localeCompare(b.type));
}

/** SPEC.md §5: case-insensitive search on the label. */
export function filterMessageTypes(options: readonly MessageTypeOption[], search: string): MessageTypeOption[] {
  const needle = search.trim().toLowerCase();
  return needle ? options.filter((option) => option.label.toLowerCase().includes(needle)) : [...options];
}
