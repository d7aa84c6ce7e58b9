// Uploaded codes (SPEC.md §2 Contracts overview, Code tab): id, verified, checksum, creator, permission, contracts count.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatInteger, shorten } from "../../../../core/format.ts";
import type { Code } from "../../api/types.ts";
import { AddressLink } from "../../components/AddressLink.tsx";
import { routes } from "../../routes.ts";
import { PlaceholderRows } from "./PlaceholderRows.tsx";
import styles from "./ListTable.module.css";

const COLUMNS = 6;
/** A SHA-256 checksum is 64 hex digits: 8 each side tell codes apart, the title has the rest. */
const CHECKSUM_KEEP = 8;

export interface CodesTableProps {
  rows: Code[] | null;
  placeholderRows: number;
  caption: string;
  busy?: boolean;
}

export function CodesTable({ rows, placeholderRows, caption, busy = false }: CodesTableProps) {
  const { t } = useTranslation("contracts");
  return (
    <div className={styles.scroller} role="region" aria-label={caption} tabIndex={0}>
      <table className={styles.table} aria-busy={busy || rows === null}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("code.id")}</th>
            <th scope="col">{t("code.verified")}</th>
            <th scope="col">{t("code.checksum")}</th>
            <th scope="col">{t("code.creator")}</th>
            <th scope="col">{t("code.permission")}</th>
            <th scope="col" className={styles.number}>
              {t("code.contracts")}
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
            rows.map((code) => (
              <tr key={code.id}>
                <td>
                  <Link to={routes.code(code.id)}>{code.id}</Link>
                </td>
                <td>{code.verified ? t("code.yes") : t("code.no")}</td>
                <td className={styles.mono} title={code.checksum}>
                  {shorten(code.checksum, CHECKSUM_KEEP)}
                </td>
                <td>
                  <AddressLink address={code.creator} short />
                </td>
                <td>{code.permission}</td>
                <td className={styles.number}>{formatInteger(code.contractsCount)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
