// Contracts as the overview and a code's screen list them (SPEC.md §2): label, address, creator, code, initial block, executes.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatInteger, shortenAddress } from "../../../core/format.ts";
import type { ContractRow } from "../api/types.ts";
import { AddressLink } from "./AddressLink.tsx";
import { routes } from "../routes.ts";
import { ListTable } from "./ListTable.tsx";
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
  const head = [
    <th key="label" scope="col">
      {t("contract.label")}
    </th>,
    <th key="address" scope="col">
      {t("contract.address")}
    </th>,
    <th key="creator" scope="col">
      {t("contract.creator")}
    </th>,
    <th key="code" scope="col" className={styles.number}>
      {t("contract.code")}
    </th>,
    <th key="block" scope="col" className={styles.number}>
      {t("contract.initialBlock")}
    </th>,
    <th key="executes" scope="col" className={styles.number}>
      {t("contract.executes")}
    </th>,
  ];
  return (
    <ListTable
      {...props}
      head={head}
      row={(contract) => (
        <tr key={contract.address}>
          <td>
            <span className={styles.label} title={contract.label}>
              {contract.label || t("common:none")}
            </span>
          </td>
          <td>
            <RowCopy value={contract.address} kind="address">
              <Link to={routes.contract(contract.address)} className="mono" title={contract.address}>
                {shortenAddress(contract.address)}
              </Link>
            </RowCopy>
          </td>
          <td>
            <RowCopy value={contract.creator} kind="address">
              <AddressLink address={contract.creator} short />
            </RowCopy>
          </td>
          <td className={styles.number}>
            <Link to={routes.code(contract.code)}>{contract.code}</Link>
          </td>
          <td className={styles.number}>
            <Link to={routes.block(contract.initialBlock)}>{formatInteger(contract.initialBlock)}</Link>
          </td>
          <td className={styles.number}>{formatInteger(contract.executes)}</td>
        </tr>
      )}
    />
  );
}
