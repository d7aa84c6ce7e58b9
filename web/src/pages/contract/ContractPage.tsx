// The Contract screen (SPEC.md §2 Contract detail): its label, fields and CW-20 token link, then tabs of its executed and
// related transactions, AXM balance, code history and raw state.
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { queries } from "../../api/queries.ts";
import type { ContractInfoAnswer } from "../../api/types.ts";
import { Card } from "../../components/Card.tsx";
import { NotFoundView } from "../../components/NotFoundView.tsx";
import { Tabs } from "../../components/Tabs.tsx";
import { usePageTitle } from "../../components/usePageTitle.ts";
import { routes } from "../../routes.ts";
import { LIST_PARAMS } from "../../components/list-params.ts";
import { Pending } from "../../components/Pending.tsx";
import { isNotFound } from "../../api/not-found.ts";
import { BackButton } from "../../components/BackButton.tsx";
import { ContractBalance } from "./ContractBalance.tsx";
import { ContractFields } from "./ContractFields.tsx";
import { ContractHistory } from "./ContractHistory.tsx";
import { ContractState } from "./ContractState.tsx";
import { ContractTransactions, EXECUTE_CONTRACT } from "../../components/ContractTransactions.tsx";
import frame from "../../components/DetailPage.module.css";

/** Room the header and the fields take, so nothing jumps when the contract arrives. */
const LOADING_HEIGHT = 420;

export default function ContractPage() {
  const { t } = useTranslation("contract");
  const address = useParams().address ?? "";
  const query = useQuery(queries.contract(address));
  const notFound = query.isError && isNotFound(query.error);
  const label = query.data?.contract_info.label;
  usePageTitle(notFound ? t("notFound.title") : label || t("heading"));

  if (notFound) {
    return (
      <NotFoundView title={t("notFound.title")} text={t("notFound.text")}>
        <Link to={routes.contracts()}>{t("notFound.list")}</Link>
      </NotFoundView>
    );
  }
  return (
    <article className={frame.page}>
      <BackButton fallback={routes.contracts()} />
      <Pending query={query} what={`contract ${address}`} minHeight={LOADING_HEIGHT}>
        {(contract) => <ContractDetail key={contract.address} contract={contract} />}
      </Pending>
    </article>
  );
}

function ContractDetail({ contract }: { contract: ContractInfoAnswer }) {
  const { t } = useTranslation("contract");
  const { address } = contract;
  return (
    <>
      <h1 className={frame.heading}>{contract.contract_info.label || t("heading")}</h1>
      <ContractFields contract={contract} />
      <Card>
        <Tabs
          label={t("tabs.label")}
          resetParams={LIST_PARAMS}
          tabs={[
            {
              id: "executed",
              label: t("tabs.executed"),
              render: () => <ContractTransactions address={address} types={[EXECUTE_CONTRACT]} caption={t("tabs.executed")} />,
            },
            { id: "related", label: t("tabs.related"), render: () => <ContractTransactions address={address} caption={t("tabs.related")} /> },
            { id: "assets", label: t("tabs.assets"), render: () => <ContractBalance address={address} /> },
            { id: "history", label: t("tabs.history"), render: () => <ContractHistory address={address} /> },
            { id: "state", label: t("tabs.state"), render: () => <ContractState address={address} /> },
          ]}
        />
      </Card>
    </>
  );
}
