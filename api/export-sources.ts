// What each CSV export reads and writes: an address's transactions, its operations and its team, and a token's holders,
// each read a chunk at a time through the same queries as the paginated list it mirrors.
import { amountOf, exactDecimal } from "../core/amount.ts";
import { FIELD_TYPES, fieldType } from "../core/operations.ts";
import { STATUSES } from "../core/partnership-status.ts";
import type { Queryable } from "../db/connection.ts";
import { nicknames, teamAfter, type TeamFilter, type TeamMemberRow } from "../db/queries/accounts.ts";
import { holdersAfter, type HolderRow, type TokenRow } from "../db/queries/contracts.ts";
import { operationsBefore, type OperationRow, type OperationsRange } from "../db/queries/operations.ts";
import { addressTransactionsBelow, addressTxRange, type AddressTxRow, type TxFilter } from "../db/queries/transactions.ts";
import { num, type Cell, type CsvSource } from "./csv.ts";

type TxEvent = AddressTxRow["events"][number];

/**
 * What a transaction moved for the address, in uaxm: the `transfer` events of its messages (those carrying `msg_index`;
 * the fee's transfer, which the ante handler emits without one, is the fee column's) sent to it and sent by it.
 */
export function transferred(events: TxEvent[], address: string): { received: bigint; sent: bigint } {
  let received = 0n;
  let sent = 0n;
  for (const event of events) {
    if (event.type !== "transfer") continue;
    const value = (key: string) => event.attributes.find((a) => a.key === key)?.value;
    if (value("msg_index") === undefined) continue;
    const amount = amountOf(value("amount") ?? "");
    if (value("recipient") === address) received += amount;
    if (value("sender") === address) sent += amount;
  }
  return { received, sent };
}

/** in: it received more than it sent; out: the other way; self: as much both ways (a transfer to itself); empty: no AXM moved. */
export function direction(moved: { received: bigint; sent: bigint }): "in" | "out" | "self" | "" {
  if (moved.received > moved.sent) return "in";
  if (moved.sent > moved.received) return "out";
  return moved.received > 0n ? "self" : "";
}

export function txStatus(code: number | null): "success" | "failed" | "unknown" {
  return code === null ? "unknown" : code === 0 ? "success" : "failed";
}

/** "… export again with to=…": rows of the last row's moment may repeat, none is missed. */
function olderLeftOut(max: number, last: Date): string {
  return `Cut at ${max} rows: older rows were left out. Export again with to=${last.getTime()} (${last.toISOString()}) for the rest; rows of that moment may repeat`;
}

export const TRANSACTION_COLUMNS = ["time", "height", "hash", "status", "types", "direction", "amount (AXM)", "fee (AXM)", "memo"] as const;

/** The address's transactions newest first, as the transaction list filtered by `address` and `time` pages them. */
export function transactionsSource(db: Queryable, address: string, time: TxFilter["time"]): CsvSource<AddressTxRow> {
  let range: { lo: number; hi: number } | null | undefined;
  return {
    header: TRANSACTION_COLUMNS,
    read: async (after, limit) => {
      range ??= await addressTxRange(db, address, time);
      if (!range) return [];
      return addressTransactionsBelow(db, address, range.lo, after ? after.n - 1 : range.hi, limit);
    },
    cells: async (rows) =>
      rows.map((row): Cell[] => {
        const moved = transferred(row.events, address);
        return [
          row.time.toISOString(),
          num(row.height),
          row.hash,
          txStatus(row.code),
          row.types.join(" "),
          direction(moved),
          num(exactDecimal(moved.received - moved.sent)),
          num(exactDecimal(amountOf(row.fee))),
          row.memo,
        ];
      }),
    cutNote: (last, max) => olderLeftOut(max, last.time),
  };
}

export const OPERATION_COLUMNS = ["time", "type", "amount", "currency", "counterparty", "tx hash"] as const;

/** The operation's first address field (sender, recipient, validator, partner), as its details list them. */
export function counterparty(row: OperationRow): string {
  return row.fields.find((f) => fieldType(f.k) === FIELD_TYPES.address)?.v ?? "";
}

/** The account's operations newest first, as the operations ledger pages them. */
export function operationsSource(db: Queryable, address: string, range: OperationsRange): CsvSource<OperationRow> {
  return {
    header: OPERATION_COLUMNS,
    read: (after, limit) => operationsBefore(db, address, range, after, limit),
    cells: async (rows) =>
      rows.map((row) => [
        row.time.toISOString(),
        row.type,
        num(exactDecimal(BigInt(row.amount) * BigInt(row.s))),
        row.denom === "uret" ? "RET" : "AXM",
        counterparty(row),
        row.tx_hash ?? "",
      ]),
    cutNote: (last, max) => olderLeftOut(max, last.time),
  };
}

export const TEAM_COLUMNS = ["address", "nickname", "level", "status", "delegated (AXM)", "team size"] as const;

export const statusName = (status: number) => STATUSES.find((s) => s.level === status)?.name ?? String(status);

/** The team in level order (then address), as the team list's default order pages it. */
export function teamSource(db: Queryable, root: string, filter: TeamFilter): CsvSource<TeamMemberRow> {
  return {
    header: TEAM_COLUMNS,
    read: (after, limit) => teamAfter(db, root, filter, after && { depth: after.depth, address: after.address }, limit),
    cells: async (rows) =>
      rows.map((row) => [
        row.address,
        row.nickname ?? "",
        num(row.depth),
        statusName(row.status),
        num(exactDecimal(BigInt(row.delegated))),
        num(row.team_size),
      ]),
    cutNote: (last, max) => `Cut at ${max} rows: members after level ${last.depth}, ${last.address} were left out; filter by level for the rest`,
  };
}

export const HOLDER_COLUMNS = ["address", "nickname", "quantity", "percentage"] as const;

/** Share of the supply in percent with 6 decimals, truncated: the holder list's `percentage`, exactly. */
export function holderPercentage(balance: bigint, supply: bigint): string {
  return exactDecimal(supply > 0n ? (balance * 100_000_000n) / supply : 0n, 6);
}

/** The token's holders biggest first, as the holder list pages them; quantities in the token's own decimals. */
export function holdersSource(db: Queryable, token: TokenRow): CsvSource<HolderRow> {
  const supply = BigInt(token.total_supply);
  return {
    header: HOLDER_COLUMNS,
    read: (after, limit) => holdersAfter(db, token.contract, after, limit),
    cells: async (rows) => {
      const names = await nicknames(
        db,
        rows.map((r) => r.holder),
      );
      return rows.map((row) => [
        row.holder,
        names.get(row.holder) ?? "",
        num(exactDecimal(BigInt(row.balance), token.decimals)),
        num(holderPercentage(BigInt(row.balance), supply)),
      ]);
    },
    cutNote: (last, max) => `Cut at ${max} rows: holders of less than ${exactDecimal(BigInt(last.balance), token.decimals)} were left out`,
  };
}
