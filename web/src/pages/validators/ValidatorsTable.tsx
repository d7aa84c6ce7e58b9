// The overview's table (SPEC.md §2): validator, locked, the two fees with their help, voting power and uptime; three
// columns sort on a click of their header.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatCoins, formatDecimal, formatFixed, shortenAddress } from "../../../../core/format.ts";
import type { Validator } from "../../api/types.ts";
import { HelpTip } from "../../components/HelpTip.tsx";
import { Scroller } from "../../components/Scroller.tsx";
import { RowCopy } from "../../components/RowCopy.tsx";
import { ValidatorLogo } from "../../components/ValidatorLogo.tsx";
import { routes } from "../../routes.ts";
import { uptimePercent } from "../../components/validator-class.ts";
import type { SortColumn, SortOrder } from "./validator-list.ts";
import styles from "./ValidatorsTable.module.css";

const COLUMN_COUNT = 6;

export interface ValidatorsTableProps {
  rows: Validator[];
  sort: SortOrder;
  onSort: (column: SortColumn) => void;
  caption: string;
}

export function ValidatorsTable({ rows, sort, onSort, caption }: ValidatorsTableProps) {
  const { t } = useTranslation("validators");
  const percent = (value: string) => t("common:percent", { value });
  const uptimeText = (uptime: number | null) => (uptime === null ? t("common:none") : percent(formatFixed(uptime)));
  // A figure the chain does not keep (it has no per-validator transaction fee) shows as a dash.
  const fee = (value: number | null) => (value === null ? t("common:none") : percent(formatDecimal(value)));
  const sortHeader = (column: SortColumn, label: string) => <SortHeader column={column} label={label} sort={sort} onSort={onSort} />;
  return (
    // Narrow screens scroll the table sideways inside its card, the validator column staying in view: a reader compares
    // validators figure by figure, and sorts by them.
    <Scroller label={caption} stickyFirstColumn>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("table.validator")}</th>
            {sortHeader("locked", t("table.locked"))}
            <th scope="col" className={styles.number}>
              <span className={styles.withHelp}>
                {t("table.delegationFee")}
                <HelpTip label={t("table.help", { column: t("table.delegationFee") })} text={t("table.delegationFeeHelp")} />
              </span>
            </th>
            <th scope="col" className={styles.number}>
              <span className={styles.withHelp}>
                {t("table.txFee")}
                <HelpTip label={t("table.help", { column: t("table.txFee") })} text={t("table.txFeeHelp")} />
              </span>
            </th>
            {sortHeader("votingPower", t("table.votingPower"))}
            {sortHeader("uptime", t("table.uptime"))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr className={styles.emptyRow}>
              <td colSpan={COLUMN_COUNT}>{t("common:nothingFound")}</td>
            </tr>
          ) : (
            rows.map((validator) => (
              <tr key={validator.bech32Address}>
                <td>
                  <span className={styles.validator}>
                    <ValidatorLogo url={validator.logoUrl} name={validator.name} size={32} />
                    <span className={styles.names}>
                      <Link to={routes.validator(validator.bech32Address)} className={styles.name} title={validator.name}>
                        {validator.name}
                      </Link>
                      {validator.details ? (
                        <span className={styles.details} title={validator.details}>
                          {validator.details}
                        </span>
                      ) : null}
                      <RowCopy value={validator.address} kind="address">
                        <span className={styles.address} title={validator.address}>
                          {shortenAddress(validator.address)}
                        </span>
                      </RowCopy>
                    </span>
                  </span>
                </td>
                <td className={styles.number}>{formatCoins(validator.locked, 0)}</td>
                <td className={styles.number}>{fee(validator.delegationFee)}</td>
                <td className={styles.number}>{fee(validator.txFee)}</td>
                <td className={styles.number}>{percent(formatFixed(validator.votingPower))}</td>
                <td className={styles.number}>{uptimeText(uptimePercent(validator))}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </Scroller>
  );
}

/** A sortable column's header: a button naming the column, an arrow and aria-sort on the column the rows follow. */
function SortHeader({ column, label, sort, onSort }: { column: SortColumn; label: string; sort: SortOrder; onSort: (column: SortColumn) => void }) {
  const active = sort.column === column;
  const ascending = sort.direction === "asc";
  return (
    <th scope="col" className={styles.number} aria-sort={active ? (ascending ? "ascending" : "descending") : undefined}>
      <button type="button" className={active ? `${styles.sort} ${styles.sorted}` : styles.sort} onClick={() => onSort(column)}>
        {label}
        <span className={styles.arrow} aria-hidden="true">
          {active ? (ascending ? "▲" : "▼") : "↕"}
        </span>
      </button>
    </th>
  );
}
