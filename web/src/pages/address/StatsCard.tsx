// The statistics card (SPEC.md §2): information, balance and partnership figures side by side; while the account loads,
// every row is already there with a placeholder value, so nothing moves when the figures arrive.
import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatCoins, formatInteger, shortenAddress } from "../../../../core/format.ts";
import type { AccountInfo } from "../../api/types.ts";
import { CopyButton } from "../../components/CopyButton.tsx";
import { StatusBadge } from "../../components/StatusBadge.tsx";
import { routes } from "../../routes.ts";
import { balanceOf, type Balance } from "./account-figures.ts";
import { AccountIdentity } from "./AccountIdentity.tsx";
import { ReferrerLink } from "./ReferrerLink.tsx";
import styles from "./StatsCard.module.css";

interface Row {
  label: string;
  /** Undefined while loading: a placeholder of the value's height stands in. */
  value: ReactNode | undefined;
}

export function StatsCard({ address, info }: { address: string; info: UseQueryResult<AccountInfo> }) {
  const { t } = useTranslation("address");
  const data = info.data;
  if (!data && info.isError) {
    return (
      <section className={`${styles.card} ${styles.failed}`} role="alert">
        <p>{t("loadFailed")}</p>
        <button type="button" onClick={() => info.refetch()}>
          {t("common:retry")}
        </button>
      </section>
    );
  }
  const coins = (amount: bigint | string) => t("axm", { amount: formatCoins(amount) });
  const referral = data?.referral;
  const loaded = (value: () => ReactNode) => (data ? value() : undefined);
  const balance = data ? balanceOf(data) : null;
  const fromBalance = (value: (b: Balance) => ReactNode) => (balance ? value(balance) : undefined);
  return (
    <section className={styles.card} aria-label={t("card.label")} aria-busy={!data}>
      <Group
        heading={t("card.information")}
        rows={[
          {
            label: t("card.address"),
            value: (
              <span className={styles.address}>
                <span className="mono" title={address}>
                  {shortenAddress(address, "card")}
                </span>
                <CopyButton value={address} label={t("copyAddress")} />
              </span>
            ),
          },
          { label: t("card.nickname"), value: loaded(() => <AccountIdentity referral={referral} />) },
          { label: t("card.referrer"), value: loaded(() => (referral?.referrer ? <ReferrerLink address={referral.referrer} /> : t("common:none"))) },
        ]}
      />
      <Group
        heading={t("card.balance")}
        rows={[
          { label: t("card.total"), value: fromBalance((b) => <strong>{coins(b.total)}</strong>) },
          { label: t("card.available"), value: fromBalance((b) => coins(b.available)) },
          { label: t("card.delegated"), value: fromBalance((b) => coins(b.delegated)) },
          { label: t("card.undelegating"), value: fromBalance((b) => coins(b.undelegating)) },
          { label: t("card.claimable"), value: fromBalance((b) => (b.claimable === null ? t("common:none") : coins(b.claimable))) },
          { label: t("card.enrolled"), value: fromBalance((b) => coins(b.enrolled)) },
        ]}
      />
      <Group
        heading={t("card.partnership")}
        rows={[
          {
            label: t("card.status"),
            value: loaded(() => (
              <Link to={routes.progress(address)} className={styles.status} title={t("card.statusLink")}>
                <StatusBadge status={referral?.status ?? 0} withName />
              </Link>
            )),
          },
          {
            label: t("card.teamSize"),
            value: loaded(() => t("card.teamSizeValue", { size: formatInteger(referral?.teamSize ?? 0), daily: formatInteger(referral?.teamSizeDaily ?? 0) })),
          },
          { label: t("card.teamBalance"), value: loaded(() => coins(referral?.teamBalance ?? "0")) },
          { label: t("card.teamDelegated"), value: loaded(() => coins(referral?.teamDelegated ?? "0")) },
          { label: t("card.teamUndelegating"), value: loaded(() => coins(referral?.teamUndelegating ?? "0")) },
          {
            label: t("card.partnerRewards"),
            // Paid in RET while the referral module's uret_mode is on: both figures when the account has some of each.
            value: loaded(() =>
              BigInt(referral?.totalRewardsRet ?? "0") > 0n
                ? `${coins(referral?.totalRewards ?? "0")} + ${t("ret", { amount: formatCoins(referral!.totalRewardsRet) })}`
                : coins(referral?.totalRewards ?? "0"),
            ),
          },
        ]}
      />
    </section>
  );
}

function Group({ heading, rows }: { heading: string; rows: Row[] }) {
  return (
    <div className={styles.group}>
      <h2>{heading}</h2>
      <dl>
        {rows.map((row) => (
          <div key={row.label} className={styles.row}>
            <dt>{row.label}</dt>
            <dd>{row.value === undefined ? <span className={styles.placeholder} aria-hidden="true" /> : row.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
