// The top-influence rating (SPEC.md §2 Progress): the leaders with the most new delegations this week, each linked to its
// address page, with its amount and its share of the rating's total; a list, so it fits the narrow column of wide screens.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatCoins, formatFixed } from "../../../../core/format.ts";
import { NothingFound } from "../../components/NothingFound.tsx";
import { StatusBadge } from "../../components/StatusBadge.tsx";
import { routes } from "../../routes.ts";
import { displayName } from "../../components/shortening.ts";
import type { RatingRow } from "./leader-bonus.ts";
import styles from "./ProgressPage.module.css";

export function InfluenceRating({ rows }: { rows: RatingRow[] }) {
  const { t } = useTranslation("progress");
  if (rows.length === 0) return <NothingFound />;
  return (
    <ol className={styles.rating} aria-label={t("rating.heading")}>
      {rows.map(({ entry, amount, share }) => (
        <li key={entry._id}>
          <StatusBadge status={entry.status} />
          <Link to={routes.address(entry._id)} title={entry._id} className={entry.name ? styles.ratingName : `${styles.ratingName} mono`}>
            {displayName(entry.name, entry._id)}
          </Link>
          <span className={styles.ratingFigures}>
            <span className={styles.ratingAmount} data-figure="amount">
              <span className="visually-hidden">{t("rating.amount")}: </span>
              {t("leader.axm", { amount: formatCoins(amount, 2) })}
            </span>
            <span className={styles.muted} data-figure="share">
              <span className="visually-hidden">{t("rating.share")}: </span>
              {t("common:percent", { value: formatFixed(share) })}
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}
