// The benchmarks' own databases on a PostgreSQL server, made anew for a run.
import pg from "pg";

async function asAdmin(serverUrl: string, statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (const sql of statements) await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * What CREATE DATABASE is given after the name (BENCH_DATABASE_OPTIONS; none by default, so the server's own locale):
 * `template template0 lc_collate 'C' lc_ctype 'C.UTF-8'` makes a database as README's "PostgreSQL settings for a large
 * index" advises.
 */
const DATABASE_OPTIONS = process.env.BENCH_DATABASE_OPTIONS ?? "";

/** Drops database `name` on the server of `serverUrl` (ending its sessions) and creates it empty. */
export function recreateDatabase(serverUrl: string, name: string): Promise<void> {
  return asAdmin(serverUrl, [`drop database if exists ${name} with (force)`, `create database ${name} ${DATABASE_OPTIONS}`]);
}

/** Drops database `name` on the server of `serverUrl`, ending its sessions. */
export function dropDatabase(serverUrl: string, name: string): Promise<void> {
  return asAdmin(serverUrl, [`drop database if exists ${name} with (force)`]);
}
