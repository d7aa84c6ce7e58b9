// One CSV export timed on PostgreSQL: an address's 10,000 transactions among 200,000 generated ones (with the events a
// bank send carries), downloaded three times from an API process: time to the first byte and to the last, bytes, and
// the API process's resident memory before and at its peak during the download.
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { toBech32 } from "@cosmjs/encoding";
import { openDatabase } from "../db/connection.ts";
import { migrate } from "../db/migrate.ts";
import { SERVE, child, stop } from "./load.ts";
import { dropDatabase, recreateDatabase } from "./databases.ts";

const DATABASE = "axm_bench_export";
const API_PORT = 18_094;
/** Transactions of the address exported; one block in TXS_PER_BLOCK names it. */
const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 10_000);
const TXS_PER_BLOCK = 20;
const RUNS = 3;
const ADDRESS = toBech32("axm", new Uint8Array(20).fill(42));
const CHAIN_ID = "axm-bench-export";

/** A bank send's events as the node gives them: the fee's transfer (no msg_index), then the message's. */
const EVENTS = (sender: string, recipient: string) => `json_build_array(
  json_build_object('type', 'coin_spent', 'attributes', json_build_array(json_build_object('key', 'spender', 'value', ${sender}), json_build_object('key', 'amount', 'value', '2500uaxm'))),
  json_build_object('type', 'transfer', 'attributes', json_build_array(json_build_object('key', 'recipient', 'value', 'axm1feecollector'),
    json_build_object('key', 'sender', 'value', ${sender}), json_build_object('key', 'amount', 'value', '2500uaxm'))),
  json_build_object('type', 'tx', 'attributes', json_build_array(json_build_object('key', 'fee', 'value', '2500uaxm'), json_build_object('key', 'fee_payer', 'value', ${sender}))),
  json_build_object('type', 'message', 'attributes', json_build_array(json_build_object('key', 'action', 'value', '/cosmos.bank.v1beta1.MsgSend'),
    json_build_object('key', 'sender', 'value', ${sender}), json_build_object('key', 'msg_index', 'value', '0'))),
  json_build_object('type', 'transfer', 'attributes', json_build_array(json_build_object('key', 'recipient', 'value', ${recipient}),
    json_build_object('key', 'sender', 'value', ${sender}), json_build_object('key', 'amount', 'value', (1000 + i * 37) || 'uaxm'),
    json_build_object('key', 'msg_index', 'value', '0'))))`;

async function generate(url: string): Promise<void> {
  const db = await openDatabase({ url });
  await migrate(db);
  const blocks = ROWS;
  const txs = blocks * TXS_PER_BLOCK;
  await db.query("insert into indexer_state (id, chain_id, start_height, indexed_height, chain_height) values (1, $1, 1, $2, $2)", [CHAIN_ID, blocks]);
  await db.query(
    `insert into blocks (height, hash, chain_id, time, proposer, tx_count, event_count, events)
     select h, upper(md5('b' || h)), $1, timestamptz '2025-01-01 00:00:00+00' + h * interval '5 seconds', '', ${TXS_PER_BLOCK}, 0, '[]'
     from generate_series(1, ${blocks}) as h`,
    [CHAIN_ID],
  );
  // Every TXS_PER_BLOCK-th transaction is the address's: it sends in odd ones and receives in even ones; a seventh has a
  // memo with a comma and quotes, to be quoted.
  const other = "'axm1' || substr(md5('a' || (i % 5000)), 1, 38)";
  const mine = `(i % ${TXS_PER_BLOCK} = 0)`;
  const sender = `case when ${mine} and i % 40 = 20 then '${ADDRESS}' else ${other} end`;
  const recipient = `case when ${mine} and i % 40 = 0 then '${ADDRESS}' else 'axm1' || substr(md5('r' || i), 1, 38) end`;
  await db.query(
    `insert into transactions (seq, hash, height, idx, time, code, codespace, log, gas_used, gas_wanted, fee, memo, types, messages, events, signers, ok_n)
     select i, upper(md5('t' || i)), (i - 1) / ${TXS_PER_BLOCK} + 1, (i - 1) % ${TXS_PER_BLOCK},
       timestamptz '2025-01-01 00:00:00+00' + ((i - 1) / ${TXS_PER_BLOCK} + 1) * interval '5 seconds', 0, '', '', 80000, 100000,
       '[{"denom":"uaxm","amount":"2500"}]', case when i % 7 = 0 then 'thanks, "friend"' else '' end, '{/cosmos.bank.v1beta1.MsgSend}', '[]',
       ${EVENTS(sender, recipient)}, '{}', i
     from generate_series(1, ${txs}) as i`,
  );
  await db.query(
    `with l as (
       select '${ADDRESS}' as address, i / ${TXS_PER_BLOCK} as n, i from generate_series(${TXS_PER_BLOCK}, ${txs}, ${TXS_PER_BLOCK}) as i
       union all
       select a, row_number() over (partition by a order by i), i from (select ${other} as a, i from generate_series(1, ${txs}) as i) o),
     a as (insert into accounts (address, tx_count, first_height, first_time)
       select address, count(*), min(i) / ${TXS_PER_BLOCK} + 1, timestamptz '2025-01-01 00:00:00+00' from l group by address returning id, address)
     insert into address_txs (account, n, seq, mask)
     select a.id, l.n, l.i, tx_mask('{/cosmos.bank.v1beta1.MsgSend}', 0) from l join a using (address)`,
  );
  await db.query("vacuum analyze");
  await db.close();
}

/** Resident memory of a process, in MiB. */
function residentMiB(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : NaN;
}

interface Download {
  firstByteMs: number;
  lastByteMs: number;
  bytes: number;
  lines: number;
  peakMiB: number;
}

/** One download, reading as fast as it comes, sampling the API's memory every 10 ms. */
function download(path: string, pid: number, encoding: string | null): Promise<Download> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const since = () => Number(process.hrtime.bigint() - started) / 1e6;
    let peakMiB = residentMiB(pid);
    const sampler = setInterval(() => (peakMiB = Math.max(peakMiB, residentMiB(pid))), 10);
    const req = request({ host: "127.0.0.1", port: API_PORT, path, headers: encoding ? { "accept-encoding": encoding } : {} }, (response) => {
      let firstByteMs = 0;
      let bytes = 0;
      let lines = 0;
      response.on("data", (chunk: Buffer) => {
        if (bytes === 0) firstByteMs = since();
        bytes += chunk.length;
        for (const byte of chunk) if (byte === 10) lines++;
      });
      response.on("end", () => {
        clearInterval(sampler);
        resolve({ firstByteMs, lastByteMs: since(), bytes, lines, peakMiB });
      });
      response.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

export async function exportFigures(postgres: string): Promise<void> {
  await recreateDatabase(postgres, DATABASE);
  const url = Object.assign(new URL(postgres), { pathname: `/${DATABASE}` }).toString();
  const generating = process.hrtime.bigint();
  await generate(url);
  console.log(
    `generated ${ROWS * TXS_PER_BLOCK} transactions, ${ROWS} of one address, in ${(Number(process.hrtime.bigint() - generating) / 1e9).toFixed(0)} s`,
  );
  const api = await child(
    SERVE,
    { DATABASE_URL: url, PORT: String(API_PORT), HOST: "127.0.0.1", RATE_LIMIT: "0", EXPORT_RATE_LIMIT: "0", LOG_LEVEL: "warn" },
    /listening/,
  );
  const pid = api.pid!;
  const path = `/api/export/${ADDRESS}/transactions.csv`;
  console.log(`\nCSV export of ${ROWS} transactions on PostgreSQL (GET ${path}), ${RUNS} runs each:`);
  const rows = [];
  for (const encoding of [null, "br"]) {
    for (let run = 1; run <= RUNS; run++) {
      const before = residentMiB(pid);
      const d = await download(path, pid, encoding);
      rows.push({
        encoding: encoding ?? "none",
        run,
        "first byte ms": Number(d.firstByteMs.toFixed(1)),
        "last byte ms": Number(d.lastByteMs.toFixed(0)),
        bytes: d.bytes,
        lines: encoding ? "" : d.lines,
        "API RSS before MiB": Number(before.toFixed(0)),
        "API RSS peak MiB": Number(d.peakMiB.toFixed(0)),
      });
    }
  }
  console.table(rows);
  await stop(api);
  await dropDatabase(postgres, DATABASE);
}
