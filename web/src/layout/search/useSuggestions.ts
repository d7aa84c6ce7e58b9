// Suggestions while typing: the trimmed text is asked for SUGGEST_DELAY_MS after the last key; until the answer comes,
// the previous text's list stays, so the list does not flicker with each key.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { isValidSearch } from "../../../../core/search-input.ts";
import { api } from "../../api/client.ts";
import type { Suggestion } from "../../api/types.ts";

export const SUGGEST_DELAY_MS = 250;
/** Names change seldom: the same text typed again within this time is answered from the cache. */
const SUGGESTIONS_STALE_MS = 30_000;

export const suggestionsQuery = (text: string) =>
  queryOptions({
    queryKey: ["search-suggestions", text],
    queryFn: ({ signal }) => api.suggest(text, signal),
    staleTime: SUGGESTIONS_STALE_MS,
    // A list that did not come is no reason to ask again: the next key asks anyway.
    retry: false,
  });

const NONE: Suggestion[] = [];

/** The suggestions for `input` while `enabled`; none for text the search rule rejects (SPEC.md §5's toast tells that on Enter). */
export function useSuggestions(input: string, enabled: boolean): Suggestion[] {
  const text = input.trim();
  const [asked, setAsked] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(text), SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const wanted = enabled && isValidSearch(text) && isValidSearch(asked);
  const { data } = useQuery({ ...suggestionsQuery(asked), enabled: wanted, placeholderData: keepPreviousData });
  return wanted ? (data ?? NONE) : NONE;
}
