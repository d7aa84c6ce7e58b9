// A detail screen's body while its query runs: the data once it is there, a failure with a retry, a spinner until then.
import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Spinner } from "./Spinner.tsx";
import styles from "./QueryState.module.css";

export interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** Room the data takes, held by the spinner and the failure, so nothing jumps when it arrives. */
  minHeight: number;
  /** What could not be loaded, in the screen's words. */
  failedText: string;
  children: (data: T) => ReactNode;
}

export function QueryState<T>({ query, minHeight, failedText, children }: QueryStateProps<T>) {
  const { t } = useTranslation();
  if (query.data !== undefined) return children(query.data);
  if (!query.isError) return <Spinner minHeight={minHeight} />;
  return (
    <div className={styles.failed} style={{ minHeight }} role="alert">
      <p>{failedText}</p>
      <button type="button" onClick={() => query.refetch()}>
        {t("retry")}
      </button>
    </div>
  );
}
