// How a suggestion is written in the list (loaded with the list, not with the first page).
import { shorten, shortenAddress } from "../../../../core/format.ts";
import type { Suggestion } from "../../api/types.ts";

/** A suggestion's two lines: names whole (the list cuts what does not fit), hashes 16...16 and addresses 15...6 (SPEC.md §9). */
export function suggestionLines({ kind, id, label, detail }: Suggestion): { label: string; detail: string | null } {
  const short = (text: string) => (kind === "transaction" || kind === "block" ? shorten(text) : shortenAddress(text));
  return {
    label: label === id && kind !== "block" ? short(label) : label,
    detail: detail === null || kind === "token" ? detail : short(detail),
  };
}
