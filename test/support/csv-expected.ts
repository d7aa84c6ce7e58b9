// What the CSV exports should hold for rows of the paginated API, written apart from api/csv.ts so the tests check it.
import { amountOf, exactDecimal } from "../../core/amount.ts";
import type { Tx } from "../../shapes/transactions.ts";

/** Text a spreadsheet would read as a formula gets a leading apostrophe. */
export const guarded = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** A transaction's cells of transactions.csv that follow from the list alone: time, height, hash, status, types, fee, memo. */
export function txListCells(tx: Tx): string[] {
  return [
    tx.timestamp,
    String(tx.blockId),
    tx._id,
    tx.code === null ? "unknown" : tx.code === 0 ? "success" : "failed",
    tx.type.join(" "),
    exactDecimal(amountOf(tx.fee)),
    guarded(tx.memo),
  ];
}
