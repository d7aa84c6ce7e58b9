// The History tab (SPEC.md §2): the contract's code history, oldest first as the node keeps it, 10 entries a request:
// operation, code, height and the message as JSON; "Show more" while the node gives a next key.
import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatInteger } from "../../../../core/format.ts";
import { queries } from "../../api/queries.ts";
import type { ContractHistoryEntry } from "../../api/types.ts";
import { DetailFields } from "../../components/DetailFields.tsx";
import { JsonView } from "../../components/JsonView.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { StackedList } from "../../components/StackedList.tsx";
import { routes } from "../../routes.ts";
import { useLoggedFailure } from "../../hooks/useLoggedFailure.ts";
import { historyOperation } from "./history-operation.ts";
import { ShowMore } from "../../components/ShowMore.tsx";
import frame from "../../components/DetailPage.module.css";
import styles from "./ContractPage.module.css";

const FIRST_PAGE_HEIGHT = 240;

export function ContractHistory({ address }: { address: string }) {
  const query = useInfiniteQuery(queries.contractHistory(address));
  useLoggedFailure(query.error, `history of ${address}`);
  if (!query.data) return <Spinner minHeight={FIRST_PAGE_HEIGHT} />;
  const entries = query.data.pages.flatMap((page) => page.entries);
  return (
    <div className={frame.tabBody}>
      <StackedList items={entries}>{(entry, index) => <HistoryEntry entry={entry} number={index + 1} />}</StackedList>
      <ShowMore query={query} />
    </div>
  );
}

function HistoryEntry({ entry, number }: { entry: ContractHistoryEntry; number: number }) {
  const { t } = useTranslation("contract");
  const operation = historyOperation(entry.operation);
  const height = entry.updated ? Number(entry.updated.block_height) : null;
  return (
    <article className={styles.entry} aria-label={t("history.entry", { number })}>
      <DetailFields
        fields={[
          { label: t("history.operation"), value: <span title={entry.operation}>{operation ? t(`history.operations.${operation}`) : entry.operation}</span> },
          { label: t("history.code"), value: <Link to={routes.code(entry.code_id)}>{entry.code_id}</Link> },
          { label: t("history.height"), value: height ? <Link to={routes.block(height)}>{formatInteger(height)}</Link> : t("common:none") },
        ]}
      />
      <JsonView value={entry.msg} label={t("history.message", { number })} />
    </article>
  );
}
