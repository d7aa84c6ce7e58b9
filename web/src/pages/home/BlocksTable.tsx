// The latest blocks table (SPEC.md §2): height, time, transactions, events, emission rate, proposer.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatEmissionRate, formatInteger } from "../../../../core/format.ts";
import type { Block } from "../../api/types.ts";
import { TimeAgo } from "../../components/TimeAgo.tsx";
import { useNow } from "../../components/useNow.ts";
import { ProposerLink } from "../../components/ProposerLink.tsx";
import { routes } from "../../routes.ts";
import styles from "./BlocksTable.module.css";

/** `rows` undefined while loading: `skeletonRows` placeholder rows of the same height keep the page from jumping. */
export function BlocksTable({ rows, skeletonRows }: { rows: Block[] | undefined; skeletonRows: number }) {
  const { t } = useTranslation("home");
  const now = useNow(1000);
  return (
    <div className={styles.scroller} role="region" aria-label={t("blocks.heading")} tabIndex={0}>
      <table className={styles.table} aria-busy={rows === undefined}>
        <thead>
          <tr>
            <th scope="col">{t("blocks.height")}</th>
            <th scope="col">{t("blocks.time")}</th>
            <th scope="col" className={styles.number}>
              {t("blocks.transactions")}
            </th>
            <th scope="col" className={styles.number}>
              {t("blocks.events")}
            </th>
            <th scope="col" className={styles.number}>
              {t("blocks.emissionRate")}
            </th>
            <th scope="col">{t("blocks.proposer")}</th>
          </tr>
        </thead>
        <tbody>
          {rows
            ? rows.map((block) => (
                <tr key={block._id}>
                  <td>
                    <Link to={routes.block(block._id)} className={styles.height}>
                      {formatInteger(block._id)}
                    </Link>
                  </td>
                  <td className={styles.time}>
                    <TimeAgo timestamp={block.timestamp} now={now} />
                  </td>
                  <td className={styles.number}>{formatInteger(block.txCnt)}</td>
                  <td className={styles.number}>{formatInteger(block.evtCnt)}</td>
                  <td className={styles.number}>{t("common:percent", { value: formatEmissionRate(block.er) })}</td>
                  <td>
                    <ProposerLink block={block} />
                  </td>
                </tr>
              ))
            : Array.from({ length: skeletonRows }, (_, index) => (
                <tr key={index} className={styles.skeleton} aria-hidden="true">
                  {Array.from({ length: 6 }, (_, cell) => (
                    <td key={cell}>
                      <span />
                    </td>
                  ))}
                </tr>
              ))}
        </tbody>
      </table>
    </div>
  );
}
