// The Transaction screen (SPEC.md §2 Transaction detail): its fields, why it failed if it did, its messages, the whole
// transaction as JSON, and its events.
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { shorten } from "../../../../core/format.ts";
import { queries } from "../../api/queries.ts";
import { isNotFound } from "../../api/not-found.ts";
import { Card } from "../../components/Card.tsx";
import { NotFoundView } from "../../components/NotFoundView.tsx";
import { QueryState } from "../../components/QueryState.tsx";
import { Tabs } from "../../components/Tabs.tsx";
import { usePageTitle } from "../../components/usePageTitle.ts";
import { routes } from "../../routes.ts";
import { TransactionEvents } from "./TransactionEvents.tsx";
import { TransactionFailure } from "./TransactionFailure.tsx";
import { TransactionFields } from "./TransactionFields.tsx";
import { TransactionJson } from "./TransactionJson.tsx";
import { TransactionMessages } from "./TransactionMessages.tsx";
import { UndecodableNotice, UnknownResultNotice } from "./TransactionNotice.tsx";
import styles from "./TransactionPage.module.css";

/** Room the fields and the first message take, so nothing jumps when the transaction arrives. */
const LOADING_HEIGHT = 760;

export default function TransactionPage() {
  const { t } = useTranslation(["transaction", "common"]);
  const id = useParams().id ?? "";
  const query = useQuery(queries.transaction(id));
  const notFound = query.isError && isNotFound(query.error);
  usePageTitle(notFound ? t("notFound.title") : t("title", { hash: shorten(query.data?._id ?? id) }));

  if (notFound) {
    return (
      <NotFoundView title={t("notFound.title")} text={t("notFound.text")}>
        <Link to={routes.transactions()}>{t("notFound.list")}</Link>
      </NotFoundView>
    );
  }
  return (
    <article className={styles.page}>
      <h1 className={styles.heading}>{t("heading")}</h1>
      <QueryState query={query} minHeight={LOADING_HEIGHT} failedText={t("loadFailed")}>
        {(tx) => (
          <>
            {tx.code === null ? <UnknownResultNotice /> : tx.code !== 0 ? <TransactionFailure tx={tx} /> : null}
            {tx.undecodable ? <UndecodableNotice tx={tx} /> : null}
            <TransactionFields tx={tx} />
            <Card>
              <Tabs
                label={t("tabs.label")}
                tabs={[
                  {
                    id: "message",
                    label: t("tabs.message"),
                    render: () => <TransactionMessages messages={tx.tx.body.messages} hash={tx.code === 0 ? tx._id : null} />,
                  },
                  // Bytes that are not a transaction have no body to show: the notice above gives them as they are.
                  ...(tx.undecodable ? [] : [{ id: "json", label: t("tabs.json"), render: () => <TransactionJson hash={tx._id} tx={tx.tx} /> }]),
                  { id: "events", label: t("tabs.events", { number: tx.evts.length }), render: () => <TransactionEvents events={tx.evts} /> },
                ]}
              />
            </Card>
          </>
        )}
      </QueryState>
    </article>
  );
}
