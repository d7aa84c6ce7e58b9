// Rows gathered column by column and inserted as one array per column (the shape `unnest` takes).
import type { Queryable } from "../db/connection.ts";

/** Rows collected for one batch, column by column (the shape `unnest` takes). */
export class Columns {
  readonly data: unknown[][];
  constructor(width: number) {
    this.data = Array.from({ length: width }, () => []);
  }
  push(...values: unknown[]): void {
    values.forEach((v, i) => this.data[i].push(v));
  }
  get size(): number {
    return this.data[0].length;
  }
}

/** Inserts narrow rows as one array per column; an array-typed column travels as comma-joined text. */
export async function insertUnnest(tx: Queryable, target: string, types: string[], rows: Columns, suffix = ""): Promise<void> {
  if (rows.size === 0) return;
  const args = types.map((type, i) => `$${i + 1}::${type.endsWith("[]") ? "text" : type}[]`).join(", ");
  const names = types.map((_, i) => `c${i}`);
  const columns = types.map((type, i) => (type.endsWith("[]") ? `string_to_array(c${i}, ',')::${type}` : `c${i}`));
  await tx.query(`insert into ${target} select ${columns.join(", ")} from unnest(${args}) as u(${names.join(", ")}) ${suffix}`, rows.data as never);
}
