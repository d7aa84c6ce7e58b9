// How the database sorts text and folds its case. Every key the explorer indexes by text (addresses, hashes,
// denominations, nickname suffixes) is compared for equality or by bytes, so a linguistic collation only costs: each
// comparison of a B-tree insert, look-up and index build goes through the locale's rules (under glibc's en_US.UTF-8 a
// look-up by address took twice as long as with C: BENCHMARKS.md "A database that sorts text by bytes"). The case
// folding must know every script, as the nickname search lowers in SQL what the API lowers in JavaScript: under
// LC_CTYPE C, lower() leaves Cyrillic as it is. PGlite's own clusters are made so: LC_COLLATE C, LC_CTYPE C.UTF-8.
import type { Database } from "./connection.ts";

export interface DatabaseCollation {
  database: string;
  /** The database's default collation: `datcollate`, or ICU's locale where ICU provides it (PostgreSQL 15 and later). */
  name: string;
  provider: "libc" | "icu";
  /** `datctype`: how libc folds case (ICU folds by its own rules). */
  ctype: string;
  /** True for C (PostgreSQL stores POSIX as C), which compares bytes. */
  bytewise: boolean;
  /** False where lower() folds ASCII letters only (libc's C and POSIX). */
  foldsEveryScript: boolean;
}

const BYTEWISE = new Set(["C", "POSIX"]);

/** The default collation of the database `db` is connected to; null on the embedded engine, whose cluster PGlite makes. */
export async function databaseCollation(db: Database): Promise<DatabaseCollation | null> {
  if (db.engine === "pglite") return null;
  // Read through to_jsonb: datlocprovider and daticulocale exist only from PostgreSQL 15 on.
  const [row] = await db.query<{ database: string; collate: string; ctype: string; provider: string | null; icu: string | null }>(
    `select d.datname as database, d.datcollate as collate, d.datctype as ctype,
       to_jsonb(d) ->> 'datlocprovider' as provider, to_jsonb(d) ->> 'daticulocale' as icu
     from pg_database d where d.datname = current_database()`,
  );
  const provider = row.provider === "i" ? "icu" : "libc";
  const name = provider === "icu" ? (row.icu ?? row.collate) : row.collate;
  return {
    database: row.database,
    name,
    provider,
    ctype: row.ctype,
    bytewise: provider === "libc" && BYTEWISE.has(name),
    foldsEveryScript: provider === "icu" || !BYTEWISE.has(row.ctype),
  };
}

/** One line for the operator when the database sorts text by a locale's rules or folds ASCII letters only; else null. */
export function collationAdvice(c: DatabaseCollation | null): string | null {
  if (c === null) return null;
  const findings = [
    ...(c.bytewise ? [] : [`sorts text by ${c.name} (${c.provider}), so its addresses and hashes index slower`]),
    ...(c.foldsEveryScript ? [] : [`folds the case of ASCII letters only (LC_CTYPE ${c.ctype}), so a search misses nicknames in other scripts`]),
  ];
  if (findings.length === 0) return null;
  return `database ${c.database} ${findings.join(" and ")}: make it with LC_COLLATE 'C' and LC_CTYPE 'C.UTF-8' (README "PostgreSQL settings for a large index")`;
}
