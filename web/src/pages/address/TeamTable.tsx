// The team table (SPEC.md §2): nickname, status, level, delegated, undelegating, team size and referrer; five columns sort
// on a click of their header. Placeholder rows hold its height until the first page arrives.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatCoinsNonZero, formatInteger, shortenAddress } from "../../../../core/format.ts";
import type { TeamMember, TeamOrder, TeamSort } from "../../api/types.ts";
import { Scroller } from "../../components/Scroller.tsx";
import { StatusBadge } from "../../components/StatusBadge.tsx";
import { routes } from "../../routes.ts";
import { displayName } from "../../components/shortening.ts";
import { RowCopy } from "../../components/RowCopy.tsx";
import { TelegramLink } from "./TelegramLink.tsx";
import styles from "./TeamTab.module.css";

export interface TeamTableProps {
  /** Null until the first page arrives. */
  rows: TeamMember[] | null;
  names: Record<string, string>;
  sort: TeamSort | null;
  onSort: (order: TeamOrder) => void;
  placeholderRows: number;
  busy: boolean;
  caption: string;
}

interface Column {
  key: string;
  label: string;
  order?: TeamOrder;
  numeric?: boolean;
  cell: (member: TeamMember) => ReactNode;
}

export function TeamTable({ rows, names, sort, onSort, placeholderRows, busy, caption }: TeamTableProps) {
  const { t } = useTranslation("address");
  const columns = useColumns(names);
  return (
    // Narrow screens scroll the table sideways, the nickname staying in view: a reader compares partners figure by figure.
    <Scroller label={caption} stickyFirstColumn>
      <table className={styles.table} aria-busy={busy || rows === null}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) =>
              column.order ? (
                <SortHeader key={column.key} column={column} order={column.order} sort={sort} onSort={onSort} />
              ) : (
                <th key={column.key} scope="col" className={column.numeric ? styles.number : undefined}>
                  {column.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody className={busy ? styles.busy : undefined}>
          {rows === null ? (
            Array.from({ length: placeholderRows }, (_, i) => (
              <tr key={i} aria-hidden="true">
                {columns.map((column) => (
                  <td key={column.key}>
                    <span className={styles.bar} />
                  </td>
                ))}
              </tr>
            ))
          ) : rows.length === 0 ? (
            <tr className={styles.emptyRow}>
              <td colSpan={columns.length}>{t("common:nothingFound")}</td>
            </tr>
          ) : (
            rows.map((member) => (
              <tr key={member._id}>
                {columns.map((column) => (
                  <td key={column.key} className={column.numeric ? styles.number : undefined}>
                    {column.cell(member)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </Scroller>
  );
}

function useColumns(names: Record<string, string>): Column[] {
  const { t } = useTranslation("address");
  const coins = (amount: string) => formatCoinsNonZero(amount);
  return [
    { key: "name", label: t("team.columns.name"), cell: (m) => <MemberName member={m} /> },
    { key: "status", label: t("team.columns.status"), order: "status", cell: (m) => <StatusBadge status={m.status} withName /> },
    { key: "level", label: t("team.columns.level"), order: "level", numeric: true, cell: (m) => formatInteger(m.level) },
    { key: "delegated", label: t("team.columns.delegated"), order: "delegated", numeric: true, cell: (m) => coins(m.delegated) },
    { key: "unbonding", label: t("team.columns.undelegating"), order: "unbonding", numeric: true, cell: (m) => coins(m.unbonding) },
    {
      key: "teamSize",
      label: t("team.columns.teamSize"),
      order: "teamSize",
      numeric: true,
      cell: (m) => t("team.teamSizeValue", { size: formatInteger(m.teamSize), daily: formatInteger(m.teamSizeDaily), active: formatInteger(m.activeTeam) }),
    },
    {
      key: "referrer",
      label: t("team.columns.referrer"),
      cell: (m) =>
        m.referrer ? (
          <Link to={routes.address(m.referrer)} title={m.referrer} className={names[m.referrer] ? undefined : "mono"}>
            {names[m.referrer] ? displayName(names[m.referrer], m.referrer) : shortenAddress(m.referrer)}
          </Link>
        ) : (
          t("common:none")
        ),
    },
  ];
}

/** The nickname (or the shortened address) linked to the member's page, its Premium mark and its messenger link. */
function MemberName({ member }: { member: TeamMember }) {
  const { t } = useTranslation("address");
  const title = member.name ? `${member.name} (${member._id})` : member._id;
  return (
    <span className={styles.member}>
      <RowCopy value={member._id} kind="address">
        <Link to={routes.address(member._id)} title={title} className={member.name ? styles.name : `${styles.name} mono`}>
          {displayName(member.name, member._id)}
        </Link>
      </RowCopy>
      {member.premium ? (
        <svg className={styles.premiumIcon} width="16" height="16" viewBox="0 0 24 24" role="img" aria-label={t("badge.premium")} focusable="false">
          <title>{t("badge.premium")}</title>
          <path d="M3 18h18l-1.5-10-4.5 4-3-7-3 7-4.5-4z" fill="currentColor" />
        </svg>
      ) : null}
      {member.telegram ? <TelegramLink handle={member.telegram} /> : null}
    </span>
  );
}

/** A sortable column's header: a button naming the column, an arrow, and aria-sort on the column the rows follow. */
function SortHeader({ column, order, sort, onSort }: { column: Column; order: TeamOrder; sort: TeamSort | null; onSort: (order: TeamOrder) => void }) {
  const active = sort?.order === order;
  const ascending = sort?.direction === "asc";
  return (
    <th scope="col" className={column.numeric ? styles.number : undefined} aria-sort={active ? (ascending ? "ascending" : "descending") : undefined}>
      <button type="button" className={active ? `${styles.sort} ${styles.sorted}` : styles.sort} onClick={() => onSort(order)}>
        {column.label}
        <span className={styles.arrow} aria-hidden="true">
          {active ? (ascending ? "▲" : "▼") : "↕"}
        </span>
      </button>
    </th>
  );
}
