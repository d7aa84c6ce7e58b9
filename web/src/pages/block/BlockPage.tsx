// The Block screen (SPEC.md §2 Block detail): a block's fields, then its transactions and events in tabs.
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { queries } from "../../api/queries.ts";
import { isNotFound } from "../../api/not-found.ts";
import { Card } from "../../components/Card.tsx";
import { NotFoundView } from "../../components/NotFoundView.tsx";
import { QueryState } from "../../components/QueryState.tsx";
import { Tabs } from "../../components/Tabs.tsx";
import { usePageTitle } from "../../components/usePageTitle.ts";
import { routes } from "../../routes.ts";
import { parseBlockHeight } from "./block-id.ts";
import { BlockEvents } from "./BlockEvents.tsx";
import { BlockFields } from "./BlockFields.tsx";
import { BlockNavigation } from "./BlockNavigation.tsx";
import { BlockTransactions } from "./BlockTransactions.tsx";
import styles from "./BlockPage.module.css";

/** Room the fields and the first rows take, so nothing jumps when the block arrives. */
const LOADING_HEIGHT = 720;

export default function BlockPage() {
  const height = parseBlockHeight(useParams().id);
  return height === null ? <BlockNotFound /> : <Block key={height} height={height} />;
}

function BlockNotFound() {
  const { t } = useTranslation(["block", "common"]);
  usePageTitle(t("notFound.title"));
  return (
    <NotFoundView title={t("notFound.title")} text={t("notFound.text")}>
      <Link to={routes.home()}>{t("common:notFound.home")}</Link>
    </NotFoundView>
  );
}

function Block({ height }: { height: number }) {
  const { t } = useTranslation(["block", "common"]);
  const query = useQuery(queries.block(height));
  usePageTitle(query.isError && isNotFound(query.error) ? t("notFound.title") : t("title", { height }));

  if (query.isError && isNotFound(query.error)) return <BlockNotFound />;
  return (
    <article className={styles.page}>
      <header className={styles.head}>
        <h1>{t("title", { height })}</h1>
        <BlockNavigation height={height} />
      </header>
      <QueryState query={query} minHeight={LOADING_HEIGHT} failedText={t("loadFailed")}>
        {(block) => (
          <>
            <BlockFields block={block} />
            <Card>
              <Tabs
                label={t("tabs.label")}
                tabs={[
                  { id: "transactions", label: t("tabs.transactions", { number: block.txs.length }), render: () => <BlockTransactions txs={block.txs} /> },
                  { id: "events", label: t("tabs.events", { number: block.evts.length }), render: () => <BlockEvents events={block.evts} /> },
                ]}
              />
            </Card>
          </>
        )}
      </QueryState>
    </article>
  );
}
