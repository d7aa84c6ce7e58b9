// The database's collation as the indexer reports it at start: a line for the operator unless text compares by bytes.
import pg from "pg";
import { describe, expect, it } from "vitest";
import { collationAdvice, databaseCollation } from "../db/collation.ts";
import { openDatabase } from "../db/connection.ts";
import { POSTGRES_URL, createTestDatabase } from "./support/databases.ts";

/** Runs `check` on a new, empty database made with `options` after CREATE DATABASE, then drops it. */
async function withDatabase(options: string, check: (url: string) => Promise<void>): Promise<void> {
  const name = `axm_collation_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name} ${options}`);
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    await check(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** lower(text) as the database at `url` computes it. */
async function lowered(url: string, text: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ l: string }>("select lower($1) as l", [text])).rows[0].l;
  } finally {
    await client.end();
  }
}

async function collationOf(url: string) {
  const db = await openDatabase({ url, poolSize: 1 });
  try {
    return await databaseCollation(db);
  } finally {
    await db.close();
  }
}

describe("the database's collation", () => {
  it("is not judged on the embedded engine, made with LC_COLLATE C and LC_CTYPE C.UTF-8", async () => {
    const t = await createTestDatabase("pglite");
    expect(await databaseCollation(t.db)).toBeNull();
    expect(collationAdvice(null)).toBeNull();
    const [own] = await t.db.query("select datcollate, datctype, lower('АЛЕКС') as l from pg_database where datname = current_database()");
    expect(own).toEqual({ datcollate: "C", datctype: "C.UTF-8", l: "алекс" });
    await t.drop();
  });

  it("names a linguistic collation and a case folding of ASCII letters only, and keeps quiet for LC_COLLATE C with a UTF-8 LC_CTYPE", () => {
    const fast = { database: "axm", name: "C", provider: "libc" as const, ctype: "C.UTF-8", bytewise: true, foldsEveryScript: true };
    const advice = `make it with LC_COLLATE 'C' and LC_CTYPE 'C.UTF-8' (README "PostgreSQL settings for a large index")`;
    expect(collationAdvice(fast)).toBeNull();
    expect(collationAdvice({ ...fast, name: "en-US", provider: "icu", bytewise: false })).toBe(
      `database axm sorts text by en-US (icu), so its addresses and hashes index slower: ${advice}`,
    );
    expect(collationAdvice({ ...fast, ctype: "C", foldsEveryScript: false })).toBe(
      `database axm folds the case of ASCII letters only (LC_CTYPE C), so a search misses nicknames in other scripts: ${advice}`,
    );
  });
});

describe.skipIf(!POSTGRES_URL)("the database's collation on PostgreSQL", () => {
  it("reads LC_COLLATE C with LC_CTYPE C.UTF-8 as bytewise and folding every script, and lowers Cyrillic there", async () => {
    await withDatabase("template template0 lc_collate 'C' lc_ctype 'C.UTF-8'", async (url) => {
      const c = await collationOf(url);
      expect(c).toEqual({ database: expect.any(String), name: "C", provider: "libc", ctype: "C.UTF-8", bytewise: true, foldsEveryScript: true });
      expect(collationAdvice(c)).toBeNull();
      expect(await lowered(url, "АЛЕКС")).toBe("алекс");
    });
  });

  it("reads LOCALE 'C' and 'POSIX' (which PostgreSQL stores as C) as folding ASCII letters only, as lower() does there", async () => {
    for (const locale of ["C", "POSIX"]) {
      await withDatabase(`template template0 locale '${locale}'`, async (url) => {
        const c = await collationOf(url);
        expect(c).toMatchObject({ name: "C", ctype: "C", bytewise: true, foldsEveryScript: false });
        expect(collationAdvice(c)).toMatch(/^database axm_collation_\d+_\d+ folds the case of ASCII letters only \(LC_CTYPE C\)/);
        expect(await lowered(url, "АЛЕКС")).toBe("АЛЕКС");
      });
    }
  });

  it("reads libc's C.UTF-8 and ICU's en-US as sorting by a locale's rules, and names them", async () => {
    await withDatabase("template template0 locale 'C.UTF-8'", async (url) => {
      const c = await collationOf(url);
      expect(c).toMatchObject({ name: "C.UTF-8", provider: "libc", bytewise: false, foldsEveryScript: true });
      expect(collationAdvice(c)).toMatch(/^database axm_collation_\d+_\d+ sorts text by C\.UTF-8 \(libc\), so/);
    });
    await withDatabase("template template0 locale_provider icu icu_locale 'en-US' locale 'C'", async (url) => {
      const c = await collationOf(url);
      expect(c).toMatchObject({ name: "en-US", provider: "icu", ctype: "C", bytewise: false, foldsEveryScript: true });
      expect(collationAdvice(c)).toContain("sorts text by en-US (icu), so");
      expect(await lowered(url, "АЛЕКС")).toBe("алекс");
    });
  });
});
