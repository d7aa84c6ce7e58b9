// LISTEN on a PostgreSQL server: one dedicated session per channel (a pool cannot hold one), opened again when it is lost.
import pg from "pg";

/** Waits between attempts to open a lost session: doubled up to the last, then kept. */
const RECONNECT_MS = [250, 500, 1000, 2000, 5000];

/**
 * Calls `onNotice` with the payload of every NOTIFY on `channel` until the returned stop is called. Notices sent while
 * the session is down are lost (NOTIFY is not queued for absent listeners): a listener must not need every one.
 */
export async function listenPostgres(url: string, channel: string, onNotice: (payload: string) => void): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let wait: { timer: NodeJS.Timeout; resolve: () => void } | null = null;

  const open = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    const lost = (reason: string) => {
      if (stopped || client !== next) return;
      console.error(`database: LISTEN ${channel} session lost (${reason}); opening it again`);
      client = null;
      void next.end().catch(() => undefined);
      void reconnect();
    };
    next.on("notification", (message) => message.channel === channel && onNotice(message.payload ?? ""));
    next.on("error", (error) => lost(error.message));
    next.on("end", () => lost("closed"));
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    client = next;
  };
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      wait = { timer: setTimeout(resolve, ms), resolve };
    });
  const reconnect = async (): Promise<void> => {
    for (let attempt = 0; !stopped; attempt++) {
      await pause(RECONNECT_MS[Math.min(attempt, RECONNECT_MS.length - 1)]);
      if (stopped) return;
      try {
        await open();
        return;
      } catch (error) {
        console.error(`database: LISTEN ${channel} could not be opened (${(error as Error).message}); trying again`);
      }
    }
  };

  await open();
  return async () => {
    stopped = true;
    if (wait) {
      clearTimeout(wait.timer);
      wait.resolve();
    }
    await client?.end().catch(() => undefined);
  };
}
