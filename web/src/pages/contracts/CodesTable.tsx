// Uploaded codes (SPEC.md §2 Contracts overview, Code tab): id, verified, checksum, creator, permission, contracts count.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatInteger, shorten } from "../../../../core/format.ts";
import type { Code } from "../../api/types.ts";
import { AddressLink } from "../../components/AddressLink.tsx";
import { RowCopy } from "../../components/RowCopy.tsx";
import { routes } from "../../routes.ts";
import { ListTable, type ListColumn } from "../../components/ListTable.tsx";
import styles from "../../components/ListTable.module.css";

/** A SHA-256 checksum is 64 hex digits: 8 each side tell codes apart, the title has the rest. */
const CHECKSUM_KEEP = 8;

export interface CodesTableProps {
  rows: Code[] | null;
  placeholderRows: number;
  caption: string;
  busy?: boolean;
}

export function CodesTable(props: CodesTableProps) {
  const { t } = useTranslation("contracts");
  const columns: ListColumn<Code>[] = [
    { key: "id", label: t("code.id"), cell: (code) => <Link to={routes.code(code.id)}>{code.id}</Link> },
    { key: "verified", label: t("code.verified"), cell: (code) => (code.verified ? t("code.yes") : t("code.no")) },
    {
      key: "checksum",
      label: t("code.checksum"),
      className: styles.mono,
      cell: (code) => (
        <RowCopy value={code.checksum} kind="hash">
          <span title={code.checksum}>{shorten(code.checksum, CHECKSUM_KEEP)}</span>
        </RowCopy>
      ),
    },
    {
      key: "creator",
      label: t("code.creator"),
      cell: (code) => (
        <RowCopy value={code.creator} kind="address">
          <AddressLink address={code.creator} short />
        </RowCopy>
      ),
    },
    { key: "permission", label: t("code.permission"), cell: (code) => code.permission },
    { key: "contracts", label: t("code.contracts"), numeric: true, cell: (code) => formatInteger(code.contractsCount) },
  ];
  return <ListTable {...props} columns={columns} rowKey={(code) => code.id} />;
}
