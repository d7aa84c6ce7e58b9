// The global search's decisions (SPEC.md §5, §8), kept pure: what an input asks for, where an answer or a suggestion leads.
import { isValidSearch } from "../../../../core/search-input.ts";
import type { SearchAnswer, Suggestion } from "../../api/types.ts";
import { addressRoute, routes } from "../../routes.ts";

/** SPEC.md §9: the invalid-format toast stays exactly 2 seconds. */
export const INVALID_SEARCH_TOAST_MS = 2_000;

export type SearchStep = { kind: "ignore" } | { kind: "invalid" } | { kind: "ask"; query: string };

/** Empty input does nothing; otherwise the trimmed input is asked for when it is valid. */
export function searchStep(input: string): SearchStep {
  const query = input.trim();
  if (query === "") return { kind: "ignore" };
  return isValidSearch(query) ? { kind: "ask", query } : { kind: "invalid" };
}

function text(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

function field(value: unknown, name: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

/** The screen an answer names, or null for "Nothing found" (type unknown, data null, or an answer missing its id). */
export function searchTarget(answer: SearchAnswer | null | undefined): string | null {
  const data: unknown = answer?.data;
  switch (answer?.type) {
    case "block": {
      const height = field(data, "_id");
      return typeof height === "number" && Number.isSafeInteger(height) ? routes.block(height) : null;
    }
    case "tx": {
      const hash = text(field(data, "_id"));
      return hash ? routes.transaction(hash) : null;
    }
    case "account": {
      const address = text(field(field(data, "account"), "address"));
      return address ? addressRoute(address) : null;
    }
    case "contract": {
      const address = text(field(data, "address"));
      return address ? routes.contract(address) : null;
    }
    case "token": {
      const address = text(field(data, "address"));
      return address ? routes.token(address) : null;
    }
    case "validator": {
      const address = text(field(data, "address"));
      return address ? routes.validator(address) : null;
    }
    default:
      return null;
  }
}

/** The screen a suggestion opens. */
export function suggestionTarget({ kind, id }: Suggestion): string {
  switch (kind) {
    case "block":
      return routes.block(id);
    case "transaction":
      return routes.transaction(id);
    case "account":
      return routes.address(id);
    case "validator":
      return routes.validator(id);
    case "token":
      return routes.token(id);
    case "contract":
      return routes.contract(id);
  }
}
