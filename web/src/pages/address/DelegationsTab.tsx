// The Delegations tab: each validator the address delegates to, how much, and what claiming that delegation's rewards pays
// now; under the table their totals, the rewards adding up to the card's Claimable rewards. On phones each delegation is a
// card: the validator, then its two figures under their labels.
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { amountOf } from "../../../../core/amount.ts";
import { formatCoins, shortenAddress } from "../../../../core/format.ts";
import { queries } from "../../api/queries.ts";
import type { AccountDelegation, AccountDelegations } from "../../api/types.ts";
import { ListTable } from "../../components/ListTable.tsx";
import { ValidatorLogo } from "../../components/ValidatorLogo.tsx";
import { routes } from "../../routes.ts";
import { FailedList } from "./FailedList.tsx";
import styles from "./AddressPage.module.css";

/** Rows held while the delegations load: most accounts delegate to one or a few validators. */
const PLACEHOLDER_ROWS = 3;

export function DelegationsTab({ address }: { address: string }) {
  const { t } = useTranslation("address");
  const query = useQuery({ ...queries.accountDelegations(address), refetchOnMount: "always" });
  if (query.isError && !query.data) return <FailedList text={t("delegations.failed")} onRetry={() => query.refetch()} />;
  const data = query.data;
  const none = t("common:none");
  return (
    <div className={`${styles.tabBody} ${styles.delegations}`}>
      <ListTable
        rows={data?.delegations ?? null}
        placeholderRows={PLACEHOLDER_ROWS}
        caption={t("delegations.caption")}
        busy={query.isFetching}
        columns={[
          { key: "validator", label: t("delegations.validator"), cell: (delegation) => <ValidatorName validator={delegation.validator} /> },
          {
            key: "amount",
            label: t("delegations.amount"),
            numeric: true,
            cell: (delegation) => (delegation.amount === null ? none : formatCoins(delegation.amount)),
          },
          {
            key: "rewards",
            label: t("delegations.rewards"),
            numeric: true,
            cell: (delegation) => (delegation.rewards === null ? none : formatCoins(amountOf(delegation.rewards))),
          },
        ]}
        rowKey={(delegation: AccountDelegation) => delegation.validator.address}
      />
      {data && data.delegations.length > 0 ? <Totals data={data} /> : null}
    </div>
  );
}

function ValidatorName({ validator }: { validator: AccountDelegation["validator"] }) {
  const name = validator.name || shortenAddress(validator.address);
  return (
    <span className={styles.delegationValidator}>
      <ValidatorLogo url={validator.logoUrl} name={name} />
      <Link to={routes.validator(validator.address)} title={validator.address} className={validator.name ? undefined : "mono"}>
        {name}
      </Link>
    </span>
  );
}

function Totals({ data }: { data: AccountDelegations }) {
  const { t } = useTranslation("address");
  const delegated = data.delegations.reduce((sum, d) => sum + BigInt(d.amount ?? "0"), 0n);
  const axm = (amount: bigint) => t("axm", { amount: formatCoins(amount) });
  return (
    <dl className={styles.delegationTotals} aria-label={t("delegations.totals")}>
      <div>
        <dt>{t("delegations.totalAmount")}</dt>
        <dd>{axm(delegated)}</dd>
      </div>
      <div>
        <dt>{t("delegations.totalRewards")}</dt>
        <dd>{data.rewardsTotal === null ? t("common:none") : axm(amountOf(data.rewardsTotal))}</dd>
      </div>
    </dl>
  );
}
