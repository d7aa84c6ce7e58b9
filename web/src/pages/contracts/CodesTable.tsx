// Uploaded codes (SPEC.md §2 Contracts overview, Code tab): id, verified, checksum, creator, permission, contracts count.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatInteger, shorten } from "../../../../core/format.ts";
import type { Code } from "../../api/types.ts";
import { AddressLink } from "../../components/AddressLink.tsx";
import { RowCopy } from "../../components/RowCopy.tsx";
import { routes } from "../../routes.ts";
import { ListTable } from "../../components/ListTable.tsx";
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
  const head = [
    <th key="id" scope="col">
      {t("code.id")}
    </th>,
    <th key="verified" scope="col">
      {t("code.verified")}
    </th>,
    <th key="checksum" scope="col">
      {t("code.checksum")}
    </th>,
    <th key="creator" scope="col">
      {t("code.creator")}
    </th>,
    <th key="permission" scope="col">
      {t("code.permission")}
    </th>,
    <th key="contracts" scope="col" className={styles.number}>
      {t("code.contracts")}
    </th>,
  ];
  return (
    <ListTable
      {...props}
      head={head}
      row={(code) => (
        <tr key={code.id}>
          <td>
            <Link to={routes.code(code.id)}>{code.id}</Link>
          </td>
          <td>{code.verified ? t("code.yes") : t("code.no")}</td>
          <td className={styles.mono} title={code.checksum}>
            <RowCopy value={code.checksum} kind="hash">
              {shorten(code.checksum, CHECKSUM_KEEP)}
            </RowCopy>
          </td>
          <td>
            <RowCopy value={code.creator} kind="address">
              <AddressLink address={code.creator} short />
            </RowCopy>
          </td>
          <td>{code.permission}</td>
          <td className={styles.number}>{formatInteger(code.contractsCount)}</td>
        </tr>
      )}
    />
  );
}
