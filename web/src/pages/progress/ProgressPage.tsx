// The Progress screen (SPEC.md §2 Progress, route /progress/{address}): the account's statuses with their percentages and
// details, and for Leader and above the leader bonuses; one column on phones, two from 768 px, three from 1200 px.
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { addressKind, normalizeAddress } from "../../../../core/address.ts";
import { shortenAddress } from "../../../../core/format.ts";
import { LEADER, NO_STATUS } from "../../../../core/partnership-status.ts";
import { Card } from "../../components/Card.tsx";
import { NotFoundView } from "../../components/NotFoundView.tsx";
import { QueryState } from "../../components/QueryState.tsx";
import { StatusBadge, knownStatus } from "../../components/StatusBadge.tsx";
import { usePageTitle } from "../../components/usePageTitle.ts";
import { routes } from "../../routes.ts";
import type { AccountInfo } from "../../api/types.ts";
import { DowngradeNotice, downgradeDate } from "./DowngradeNotice.tsx";
import { LeaderBonus } from "./LeaderBonus.tsx";
import { StatusTable } from "./StatusTable.tsx";
import { useAccountPartnership, useStatusRows } from "./useProgress.ts";
import styles from "./ProgressPage.module.css";

/** Room the account's record and the statuses table take, so nothing jumps when they arrive. */
const LOADING_HEIGHT = 500;
const TABLE_HEIGHT = 420;

/** The account address in the URL in canonical form, or null when it is not an axm account address. */
export function progressAddress(id: string): string | null {
  const address = normalizeAddress(id.trim());
  return address !== null && addressKind(address) === "account" ? address : null;
}

export default function ProgressPage() {
  const { t } = useTranslation("progress");
  const address = progressAddress(useParams().id ?? "");
  const info = useAccountPartnership(address);
  const name = info.data?.referral?.name || (address ? shortenAddress(address) : null);
  usePageTitle(address ? t("heading", { name }) : t("notFound.title"));

  if (!address) {
    return (
      <NotFoundView title={t("notFound.title")} text={t("notFound.text")}>
        <Link to="/">{t("common:notFound.home")}</Link>
      </NotFoundView>
    );
  }
  return (
    <article className={styles.page}>
      <header className={styles.head}>
        <h1>{t("heading", { name })}</h1>
        <Link to={routes.address(address)}>{t("addressPage")}</Link>
      </header>
      <QueryState query={info} minHeight={LOADING_HEIGHT} failedText={t("loadFailed")}>
        {(data) => <ProgressBody key={address} address={address} info={data} />}
      </QueryState>
    </article>
  );
}

function ProgressBody({ address, info }: { address: string; info: AccountInfo }) {
  const { t } = useTranslation("progress");
  const rows = useStatusRows(address);
  const status = knownStatus(info.referral?.status ?? 0);
  // No status has nothing to lose: a date left over from a finished downgrade says nothing.
  const downgradeAt = status > NO_STATUS ? downgradeDate(info.refInfo?.status_downgrade_at) : null;
  const leader = status >= LEADER;
  return (
    <>
      <p className={styles.currentStatus}>
        <span>{t("statuses.currentStatus")}</span>
        <StatusBadge status={status} withName />
      </p>
      {downgradeAt ? <DowngradeNotice status={status} at={downgradeAt} /> : null}
      <div className={leader ? styles.grid : `${styles.grid} ${styles.single}`}>
        <Card>
          <h2 className={styles.sectionHeading}>{t("statuses.heading")}</h2>
          <QueryState query={rows} minHeight={TABLE_HEIGHT} failedText={t("statuses.failed")}>
            {(list) => <StatusTable rows={list} current={status} downgradeAt={downgradeAt} />}
          </QueryState>
        </Card>
        {leader ? <LeaderBonus address={address} status={status} premium={info.referral?.premium ?? false} /> : null}
      </div>
    </>
  );
}
