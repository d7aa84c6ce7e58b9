// Contracts as the overview and a code's screen list them (SPEC.md §2): label, address, creator, code, initial block, executes.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatInteger, shortenAddress } from "../../../core/format.ts";
import type { ContractRow } from "../api/types.ts";
import { AddressLink } from "./AddressLink.tsx";
import { routes } from "../routes.ts";
import { ListTable, type ListColumn } from "./ListTable.tsx";
import { RowCopy } from "./RowCopy.tsx";
import styles from "./ListTable.module.css";

export interface ContractsTableProps {
  /** Null while the page loads. */
  rows: ContractRow[] | null;
  placeholderRows: number;
  caption: string;
  busy?: boolean;
}

export function ContractsTable(props: ContractsTableProps) {
  const { t } = useTranslation("contracts");
  const columns: ListColumn<ContractRow>[] = [
    {
      key: "label",
      label: t("contract.label"),
      cell: (contract) => (
        <span className={styles.label} title={contract.label}>
          {contract.label || t("common:none")}
        </span>
      ),
    },
    {
      key: "address",
      label: t("contract.address"),
      cell: (contract) => (
        <RowCopy value={contract.address} kind="address">
          <Link to={routes.contract(contract.address)} className="mono" title={contract.address}>
            {shortenAddress(contract.address)}
          </Link>
        </RowCopy>
      ),
    },
    {
      key: "creator",
      label: t("contract.creator"),
      cell: (contract) => (
        <RowCopy value={contract.creator} kind="address">
          <AddressLink address={contract.creator} short />
        </RowCopy>
      ),
    },
    { key: "code", label: t("contract.code"), numeric: true, cell: (contract) => <Link to={routes.code(contract.code)}>{contract.code}</Link> },
    {
      key: "block",
      label: t("contract.initialBlock"),
      numeric: true,
      cell: (contract) => <Link to={routes.block(contract.initialBlock)}>{formatInteger(contract.initialBlock)}</Link>,
    },
    { key: "executes", label: t("contract.executes"), numeric: true, cell: (contract) => formatInteger(contract.executes) },
  ];
  return <ListTable {...props} columns={columns} rowKey={(contract) => contract.address} />;
}
