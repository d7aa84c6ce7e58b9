// Arrows to the previous and the next block; the next one is offered only once it exists.
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { queries } from "../../api/queries.ts";
import { routes } from "../../routes.ts";
import styles from "./BlockPage.module.css";

/** SPEC.md §9: the latest block is polled every 5 s. */
const LATEST_POLL_MS = 5000;

export function BlockNavigation({ height }: { height: number }) {
  const { t } = useTranslation("block");
  const latest = useQuery({
    ...queries.latestBlock(),
    // Only while this is the newest block: the arrow to the next one appears as soon as it is made.
    refetchInterval: (query) => ((query.state.data?._id ?? 0) <= height ? LATEST_POLL_MS : false),
  });
  const hasNext = (latest.data?._id ?? 0) > height;
  return (
    <nav className={styles.arrows} aria-label={t("navigation")}>
      <Arrow to={height > 1 ? routes.block(height - 1) : null} label={t("previous")} symbol="‹" />
      <Arrow to={hasNext ? routes.block(height + 1) : null} label={t("next")} symbol="›" />
    </nav>
  );
}

function Arrow({ to, label, symbol }: { to: string | null; label: string; symbol: string }) {
  return to ? (
    <Link to={to} className={styles.arrow} aria-label={label} title={label}>
      {symbol}
    </Link>
  ) : (
    <span className={`${styles.arrow} ${styles.arrowOff}`} aria-hidden="true">
      {symbol}
    </span>
  );
}
