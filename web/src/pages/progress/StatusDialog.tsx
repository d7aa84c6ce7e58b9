// A status's details (SPEC.md §2 Progress, §6): its percentage, what it gives (partner levels, leader bonus share) and
// its conditions with the account's actual values against the targets, in words; the downgrade notice on the current one.
import { useTranslation } from "react-i18next";
import { formatCoins, formatFixed, formatInteger } from "../../../../core/format.ts";
import { LEADER_BONUS_SHARE_PERCENT } from "../../../../core/partnership-bonus.ts";
import { ACTIVE_DELEGATION, RULE, type Criterion } from "../../../../core/partnership-conditions.ts";
import { deepestUnlockedLevel } from "../../../../core/partnership-status.ts";
import { StatusBadge } from "../../components/StatusBadge.tsx";
import { DowngradeNotice } from "./DowngradeNotice.tsx";
import { Modal } from "../../components/Modal.tsx";
import type { StatusRow } from "./status-progress.ts";
import styles from "./ProgressPage.module.css";

export function StatusDialog({ row, downgradeAt, onClose }: { row: StatusRow; downgradeAt: Date | null; onClose: () => void }) {
  const { t } = useTranslation("progress");
  const share = LEADER_BONUS_SHARE_PERCENT[row.status];
  return (
    <Modal closeLabel={t("close")} title={<StatusBadge status={row.status} withName />} onClose={onClose}>
      <p className={styles.summary}>
        <span className={styles.percent}>{t("common:percent", { value: formatFixed(row.percent) })}</span>
        <GotLabel got={row.got} />
      </p>
      {downgradeAt ? <DowngradeNotice status={row.status} at={downgradeAt} /> : null}
      <section className={styles.detailPart}>
        <h3>{t("detail.advantages")}</h3>
        <ul className={styles.advantages}>
          <li>{t("detail.levels", { deepest: deepestUnlockedLevel(row.status) })}</li>
          {share ? <li>{t("detail.leaderShare", { share: share.toString() })}</li> : null}
        </ul>
      </section>
      <section className={styles.detailPart}>
        <h3>{t("detail.conditions")}</h3>
        <ul className={styles.conditions}>
          {row.criteria.map((criterion) => (
            <Condition key={criterion.rule} criterion={criterion} />
          ))}
        </ul>
      </section>
    </Modal>
  );
}

export function GotLabel({ got }: { got: boolean }) {
  const { t } = useTranslation("progress");
  return <span className={got ? `${styles.state} ${styles.got}` : styles.state}>{got ? t("statuses.got") : t("statuses.inProcess")}</span>;
}

function Condition({ criterion }: { criterion: Criterion }) {
  const { t } = useTranslation("progress");
  const { label, value } = conditionText(criterion, t);
  return (
    <li className={criterion.met ? styles.met : undefined}>
      <span className={styles.mark} aria-hidden="true">
        {criterion.met ? "✓" : "•"}
      </span>
      <span className={styles.conditionLabel}>{label}</span>
      <span className={styles.conditionValue}>
        {value}
        <span className="visually-hidden"> ({criterion.met ? t("detail.met") : t("detail.notMet")})</span>
      </span>
    </li>
  );
}

type Translate = ReturnType<typeof useTranslation>["t"];

/** A condition in words: self stake in uaxm, team coins in whole AXM (CHAIN.md), the rules on people as counts. */
function conditionText(c: Criterion, t: Translate): { label: string; value: string } {
  const counts = { actual: formatInteger(c.actual), target: formatInteger(c.target) };
  if (c.rule === RULE.SELF_STAKE)
    return { label: t("detail.selfStake"), value: t("detail.coins", { actual: formatCoins(c.actual, 2), target: formatCoins(c.target, 2) }) };
  if (c.rule === RULE.N_COINS_IN_STRUCTURE) return { label: t("detail.teamCoins"), value: t("detail.coins", counts) };
  if (c.rule === RULE.N_REFERRALS_WITH_X_REFERRALS_EACH) {
    const label =
      c.parameterX === 0 ? t("detail.activeFirstLine", { amount: formatCoins(ACTIVE_DELEGATION, 0) }) : t("detail.firstLineWith", { count: c.parameterX });
    return { label, value: t("detail.count", counts) };
  }
  return { label: t("detail.teams", { count: c.parameterX }), value: t("detail.count", counts) };
}
