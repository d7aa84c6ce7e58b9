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

/**
 * Makes database `name` a copy of `template` (whose sessions are ended first), file by file: a copy of the scale bench's
 * 27 GB takes seconds where a copy through the WAL (PostgreSQL 15's default strategy) would write it all again.
 */
export function copyDatabase(serverUrl: string, template: string, name: string): Promise<void> {
  return asAdmin(serverUrl, [
    `drop database if exists ${name} with (force)`,
    `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${template}' and pid <> pg_backend_pid()`,
    `create database ${name} template ${template} strategy file_copy`,
  ]);
}

/** Drops database `name` on the server of `serverUrl`, ending its sessions. */
export function dropDatabase(serverUrl: string, name: string): Promise<void> {
  return asAdmin(serverUrl, [`drop database if exists ${name} with (force)`]);
}
