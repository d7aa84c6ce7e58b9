// A CosmWasm message's own part of the Message tab: a CW-20 transfer summarised (from, to, amount in the token with its
// symbol), and the contract message as JSON.
import { queries } from "../../api/queries.ts";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { formatTokenAmount } from "../../../../core/format.ts";
import type { TxMessage } from "../../api/types.ts";
import { AddressLink } from "../../components/AddressLink.tsx";
import { DetailFields } from "../../components/DetailFields.tsx";
import { JsonView } from "../../components/JsonView.tsx";
import { useLoggedFailure } from "../../hooks/useLoggedFailure.ts";
import { isNotFound } from "../../api/not-found.ts";
import { contractMessage, cw20Transfer, type Cw20Transfer } from "./wasm-message.ts";
import styles from "./TransactionPage.module.css";

export function WasmMessage({ message }: { message: TxMessage }) {
  const { t } = useTranslation("contract");
  const contract = contractMessage(message);
  const transfer = cw20Transfer(message);
  if (!contract) return null;
  return (
    <>
      {transfer ? <TransferSummary transfer={transfer} /> : null}
      <h3 className={styles.rawTitle}>{t("message.contractMsg")}</h3>
      <JsonView value={contract.json} label={t("message.contractMsg")} />
    </>
  );
}

function TransferSummary({ transfer }: { transfer: Cw20Transfer }) {
  const { t } = useTranslation("contract");
  const token = useQuery(queries.token(transfer.contract));
  const notToken = token.isError && isNotFound(token.error);
  useLoggedFailure(token.isError && !notToken ? token.error : null, `token ${transfer.contract}`);
  const data = token.data?.data;
  // Until the token is known the amount waits; a contract that is no token keeps its amount as the message gives it.
  const amount = data
    ? t("message.tokenAmount", { amount: formatTokenAmount(transfer.amount, data.decimals), symbol: data.symbol })
    : notToken
      ? transfer.amount
      : t("common:none");
  return (
    <>
      <h3 className={styles.rawTitle}>{t(`message.cw20.${transfer.action}`)}</h3>
      <DetailFields
        fields={[
          { label: t("message.from"), value: <AddressLink address={transfer.from} /> },
          { label: t("message.to"), value: <AddressLink address={transfer.to} /> },
          { label: t("message.amount"), value: amount },
        ]}
      />
    </>
  );
}
