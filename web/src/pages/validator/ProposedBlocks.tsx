// The newest blocks this validator proposed among the last 170 (at most 13): height, hash, transactions and UTC time.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatInteger, formatUtcDateTime, shorten } from "../../../../core/format.ts";
import { RowCopy } from "../../components/RowCopy.tsx";
import type { Block } from "../../api/types.ts";
import { NothingFound } from "../../components/NothingFound.tsx";
import { routes } from "../../routes.ts";
import styles from "./ValidatorPage.module.css";

export function ProposedBlocks({ blocks }: { blocks: Block[] }) {
  const { t } = useTranslation("validator");
  if (blocks.length === 0) return <NothingFound />;
  return (
    <div className={styles.scroller} role="region" aria-label={t("proposed.heading")} tabIndex={0}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t("proposed.height")}</th>
            <th scope="col">{t("proposed.hash")}</th>
            <th scope="col" className={styles.number}>
              {t("proposed.transactions")}
            </th>
            <th scope="col">{t("proposed.time")}</th>
          </tr>
        </thead>
        <tbody>
          {blocks.map((block) => (
            <tr key={block._id}>
              <td>
                <Link to={routes.block(block._id)}>{formatInteger(block._id)}</Link>
              </td>
              <td className="mono" title={block.hash}>
                <RowCopy value={block.hash} kind="hash">
                  {shorten(block.hash, 16)}
                </RowCopy>
              </td>
              <td className={styles.number}>{formatInteger(block.txCnt)}</td>
              <td>{t("common:time.utc", { time: formatUtcDateTime(block.timestamp) })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
