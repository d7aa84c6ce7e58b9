// The Assets tab (SPEC.md §2): the AXM the contract holds, with one decimal.
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { amountOf } from "../../../../core/amount.ts";
import { formatCoins } from "../../../../core/format.ts";
import { queries } from "../../api/queries.ts";
import { DetailFields } from "../../components/DetailFields.tsx";
import { Pending } from "../../components/Pending.tsx";

const BALANCE_HEIGHT = 48;
/** SPEC.md §2: the contract's balance shows one decimal. */
const BALANCE_DECIMALS = 1;

export function ContractBalance({ address }: { address: string }) {
  const { t } = useTranslation("contract");
  const query = useQuery(queries.accountInfo(address, ["balance"]));
  return (
    <Pending query={query} what={`balance of ${address}`} minHeight={BALANCE_HEIGHT}>
      {(info) => (
        <DetailFields fields={[{ label: t("assets.balance"), value: t("axm", { amount: formatCoins(amountOf(info.balance ?? []), BALANCE_DECIMALS) }) }]} />
      )}
    </Pending>
  );
}
