// The latest blocks table (SPEC.md §2): height, time, transactions, events, emission rate, proposer. From 768 px a table
// that fits the width (the proposer's name cut first); on phones each block a card: height and time, then the proposer,
// then the three figures.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatEmissionRate, formatInteger } from "../../../../core/format.ts";
import type { Block } from "../../api/types.ts";
import { TimeAgo } from "../../components/TimeAgo.tsx";
import { useNow } from "../../components/useNow.ts";
import { ProposerLink } from "../../components/ProposerLink.tsx";
import { routes } from "../../routes.ts";
import styles from "./BlocksTable.module.css";

/** Transactions, events and emission rate: figures, aligned right. */
const NUMERIC_COLUMNS = [2, 3, 4];

/** `rows` undefined while loading: `skeletonRows` placeholder rows of the same height keep the page from jumping. */
export function BlocksTable({ rows, skeletonRows }: { rows: Block[] | undefined; skeletonRows: number }) {
  const { t } = useTranslation("home");
  const now = useNow(1000);
  const labels = [t("blocks.height"), t("blocks.time"), t("blocks.transactions"), t("blocks.events"), t("blocks.emissionRate"), t("blocks.proposer")];
  return (
    <div className={styles.frame}>
      <table className={styles.table} aria-busy={rows === undefined}>
        <caption className="visually-hidden">{t("blocks.heading")}</caption>
        <thead>
          <tr>
            {labels.map((label, column) => (
              <th key={column} scope="col" className={NUMERIC_COLUMNS.includes(column) ? styles.number : undefined}>
                {label}
              </th>
            ))}
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
                  <td className={styles.number} data-label={labels[2]}>
                    {formatInteger(block.txCnt)}
                  </td>
                  <td className={styles.number} data-label={labels[3]}>
                    {formatInteger(block.evtCnt)}
                  </td>
                  <td className={styles.number} data-label={labels[4]}>
                    {t("common:percent", { value: formatEmissionRate(block.er) })}
                  </td>
                  <td>
                    <ProposerLink block={block} />
                  </td>
                </tr>
              ))
            : Array.from({ length: skeletonRows }, (_, index) => (
                <tr key={index} className={styles.skeleton} aria-hidden="true">
                  {labels.map((label, cell) => (
                    <td key={cell} data-label={label}>
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
