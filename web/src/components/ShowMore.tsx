// "Show more" under a list loaded a request at a time (delegations, operations, holders, a contract's history and state,
// an address's tokens).
import type { UseInfiniteQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Spinner } from "./Spinner.tsx";
import styles from "./ShowMore.module.css";

/** The button's height, held by a spinner while the next request runs. */
export const SHOW_MORE_HEIGHT = 40;

/** `label` defaults to "Show more". */
export function ShowMoreButton({ label, onClick }: { label?: string; onClick: () => void }) {
  const { t } = useTranslation("common");
  return (
    <div className={styles.more}>
      <button type="button" onClick={onClick}>
        {label ?? t("showMore")}
      </button>
    </div>
  );
}

type MoreState = Pick<UseInfiniteQueryResult, "hasNextPage" | "isFetchingNextPage" | "isFetchNextPageError" | "fetchNextPage">;

/**
 * The button for lists whose failed requests keep their spinner (SPEC.md §8, logged by the list): a spinner in its place
 * while the next request runs and after it failed; nothing once the last request came.
 */
export function ShowMore({ query }: { query: MoreState }) {
  if (query.isFetchingNextPage || query.isFetchNextPageError) return <Spinner minHeight={SHOW_MORE_HEIGHT} />;
  if (!query.hasNextPage) return null;
  return <ShowMoreButton onClick={() => void query.fetchNextPage()} />;
}
