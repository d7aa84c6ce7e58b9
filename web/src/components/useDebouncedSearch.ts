// A search box's text that becomes the URL's query `delayMs` after the last key, or at once on submit (Enter).
import { useEffect, useEffectEvent, useState, type FormEvent } from "react";

export interface DebouncedSearch {
  text: string;
  setText: (text: string) => void;
  submit: (event: FormEvent) => void;
}

/** `value` is the query in the URL; `onSearch` receives the trimmed text when it differs from it. */
export function useDebouncedSearch(value: string, onSearch: (query: string) => void, delayMs: number): DebouncedSearch {
  const [text, setText] = useState(value);
  // The URL can change under the box (Back, a link, clear filters): the box follows, unless it already says the same.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (value !== text.trim()) setText(value);
  }
  const search = useEffectEvent(onSearch);
  useEffect(() => {
    const query = text.trim();
    if (query === value) return;
    const timer = setTimeout(() => search(query), delayMs);
    return () => clearTimeout(timer);
  }, [text, value, delayMs]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() !== value) onSearch(text.trim());
  };
  return { text, setText, submit };
}
