// The notice the indexer sends once a batch is committed (the height range written) and the channels it travels on.
import type { Database } from "./connection.ts";

/** The PostgreSQL NOTIFY channel and the Redis pub/sub channel of the notices. */
export const LIVE_CHANNEL = "axm_indexed";

/** Heights from..to inclusive, committed: small whatever the batch (a NOTIFY payload must stay under 8000 bytes). */
export interface IndexedRange {
  from: number;
  to: number;
}

/** Carries notices from the indexer to every API process. */
export interface NoticeBus {
  publish(range: IndexedRange): Promise<void>;
  /** Calls `onRange` for every notice until the returned function is called. */
  subscribe(onRange: (range: IndexedRange) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export function encodeNotice(range: IndexedRange): string {
  return JSON.stringify({ from: range.from, to: range.to });
}

/** The range a payload names, or null for anything else (a stranger may NOTIFY on the channel too). */
export function decodeNotice(payload: string): IndexedRange | null {
  try {
    const { from, to } = JSON.parse(payload) as IndexedRange;
    return Number.isSafeInteger(from) && Number.isSafeInteger(to) && from >= 1 && to >= from ? { from, to } : null;
  } catch {
    return null;
  }
}

/**
 * Notices through the database itself: NOTIFY after the commit, LISTEN on the primary (a replica cannot LISTEN to what
 * the primary sends). On PGlite both ends are in-process, which is what `npm start` uses.
 */
export function databaseBus(db: Database): NoticeBus {
  return {
    publish: async (range) => {
      await db.query("select pg_notify($1, $2)", [LIVE_CHANNEL, encodeNotice(range)]);
    },
    subscribe: (onRange) =>
      db.listen(LIVE_CHANNEL, (payload) => {
        const range = decodeNotice(payload);
        if (range) onRange(range);
      }),
    close: async () => undefined,
  };
}
