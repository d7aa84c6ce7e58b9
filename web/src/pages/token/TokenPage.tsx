// The Token screen (SPEC.md §2 Token detail): logo, symbol and name, its information and market data with social links,
// then tabs of its transactions, holders, metadata and description.
import { queries } from "../../api/queries.ts";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { Token } from "../../api/types.ts";
import { Card } from "../../components/Card.tsx";
import { NotFoundView } from "../../components/NotFoundView.tsx";
import { Tabs } from "../../components/Tabs.tsx";
import { TokenLogo } from "../../components/TokenLogo.tsx";
import { usePageTitle } from "../../components/usePageTitle.ts";
import { routes } from "../../routes.ts";
import { BackButton } from "../../components/BackButton.tsx";
import { ContractTransactions } from "../../components/ContractTransactions.tsx";
import { LIST_PARAMS } from "../../components/list-params.ts";
import { Pending } from "../../components/Pending.tsx";
import { TokenDescription } from "./TokenDescription.tsx";
import { TokenHolders } from "./TokenHolders.tsx";
import { TokenInformation, TokenMarket } from "./TokenFields.tsx";
import { TokenMetadata } from "./TokenMetadata.tsx";
import { isNotFound } from "../../api/not-found.ts";
import styles from "./TokenPage.module.css";

/** Room the header and both cards take, so nothing jumps when the token arrives. */
const LOADING_HEIGHT = 760;
const LOGO_SIZE = 48;

export default function TokenPage() {
  const { t } = useTranslation(["token", "export"]);
  const address = useParams().address ?? "";
  const query = useQuery(queries.token(address));
  const notFound = query.isError && isNotFound(query.error);
  const data = query.data?.data;
  usePageTitle(notFound ? t("notFound.title") : data ? t("title", { symbol: data.symbol, name: data.name }) : t("heading"));

  if (notFound) {
    return (
      <NotFoundView title={t("notFound.title")} text={t("notFound.text")}>
        <Link to={routes.contracts()}>{t("notFound.list")}</Link>
      </NotFoundView>
    );
  }
  return (
    <article className={styles.page}>
      <BackButton fallback={routes.contracts()} />
      <Pending query={query} what={`token ${address}`} minHeight={LOADING_HEIGHT}>
        {(token) => <TokenDetail address={address} token={token} />}
      </Pending>
    </article>
  );
}

function TokenDetail({ address, token }: { address: string; token: Token }) {
  const { t } = useTranslation("token");
  return (
    <>
      <header className={styles.head}>
        <TokenLogo url={token.data.logo} symbol={token.data.symbol} size={LOGO_SIZE} />
        <h1>
          {token.data.name} <span className={styles.symbol}>{token.data.symbol}</span>
        </h1>
      </header>
      <TokenInformation address={address} token={token} />
      <TokenMarket token={token} />
      <Card>
        <Tabs
          label={t("tabs.label")}
          resetParams={LIST_PARAMS}
          tabs={[
            { id: "transactions", label: t("tabs.transactions"), render: () => <ContractTransactions address={address} caption={t("tabs.transactions")} /> },
            { id: "holders", label: t("tabs.holders"), render: () => <TokenHolders address={address} decimals={token.data.decimals} /> },
            { id: "metadata", label: t("tabs.metadata"), render: () => <TokenMetadata address={address} /> },
            { id: "description", label: t("tabs.description"), render: () => <TokenDescription about={token.about} /> },
          ]}
        />
      </Card>
    </>
  );
}
