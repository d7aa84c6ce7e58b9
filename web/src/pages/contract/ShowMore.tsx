// "Show more" under a list loaded a request at a time: a spinner in its place while the next request runs, and still after
// it failed (logged by the list: SPEC.md §8); nothing once the last request came.
import type { UseInfiniteQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../components/Spinner.tsx";
import styles from "./ContractPage.module.css";

/** The button's height, held by the spinner while the next request runs. */
const MORE_HEIGHT = 40;

type MoreState = Pick<UseInfiniteQueryResult, "hasNextPage" | "isFetchingNextPage" | "isFetchNextPageError" | "fetchNextPage">;

export function ShowMore({ query }: { query: MoreState }) {
  const { t } = useTranslation("contracts");
  if (query.isFetchingNextPage || query.isFetchNextPageError) return <Spinner minHeight={MORE_HEIGHT} />;
  if (!query.hasNextPage) return null;
  return (
    <div className={styles.more}>
      <button type="button" onClick={() => void query.fetchNextPage()}>
        {t("more")}
      </button>
    </div>
  );
}
