// Contracts as the overview and a code's screen list them (SPEC.md §2): label, address, creator, code, initial block, executes.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatInteger, shortenAddress } from "../../../../core/format.ts";
import type { ContractRow } from "../../api/types.ts";
import { AddressLink } from "../../components/AddressLink.tsx";
import { routes } from "../../routes.ts";
import { PlaceholderRows } from "./PlaceholderRows.tsx";
import styles from "./ListTable.module.css";

const COLUMNS = 6;

export interface ContractsTableProps {
  /** Null while the page loads. */
  rows: ContractRow[] | null;
  placeholderRows: number;
  caption: string;
  busy?: boolean;
}

export function ContractsTable({ rows, placeholderRows, caption, busy = false }: ContractsTableProps) {
  const { t } = useTranslation("contracts");
  return (
    <div className={styles.scroller} role="region" aria-label={caption} tabIndex={0}>
      <table className={styles.table} aria-busy={busy || rows === null}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("contract.label")}</th>
            <th scope="col">{t("contract.address")}</th>
            <th scope="col">{t("contract.creator")}</th>
            <th scope="col" className={styles.number}>
              {t("contract.code")}
            </th>
            <th scope="col" className={styles.number}>
              {t("contract.initialBlock")}
            </th>
            <th scope="col" className={styles.number}>
              {t("contract.executes")}
            </th>
          </tr>
        </thead>
        <tbody className={busy ? styles.busy : undefined}>
          {rows === null ? (
            <PlaceholderRows rows={placeholderRows} columns={COLUMNS} />
          ) : rows.length === 0 ? (
            <tr className={styles.emptyRow}>
              <td colSpan={COLUMNS}>{t("common:nothingFound")}</td>
            </tr>
          ) : (
            rows.map((contract) => (
              <tr key={contract.address}>
                <td>
                  <span className={styles.label} title={contract.label}>
                    {contract.label || t("common:none")}
                  </span>
                </td>
                <td>
                  <Link to={routes.contract(contract.address)} className="mono" title={contract.address}>
                    {shortenAddress(contract.address)}
                  </Link>
                </td>
                <td>
                  <AddressLink address={contract.creator} short />
                </td>
                <td className={styles.number}>
                  <Link to={routes.code(contract.code)}>{contract.code}</Link>
                </td>
                <td className={styles.number}>
                  <Link to={routes.block(contract.initialBlock)}>{formatInteger(contract.initialBlock)}</Link>
                </td>
                <td className={styles.number}>{formatInteger(contract.executes)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
