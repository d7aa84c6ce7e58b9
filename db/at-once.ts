// Long statements of the indexer's upkeep (index builds, vacuums) a few at a time, each on a session of the server's
// pool: one such statement keeps one core busy, or leaves it idle while it writes out alone.

/**
 * Calls `work` on each item in order, `at` calls at a time, until `stopped` says so. After a failure no further item
 * is started; the calls running end (committed or rolled back) before the first failure is thrown.
 */
export async function eachAtOnce<T>(items: readonly T[], at: number, work: (item: T) => Promise<void>, stopped: () => boolean = () => false): Promise<void> {
  const queue = [...items];
  const runner = async () => {
    for (let next = queue.shift(); next !== undefined && !stopped(); next = queue.shift()) {
      try {
        await work(next);
      } catch (error) {
        queue.length = 0;
        throw error;
      }
    }
  };
  const ran = await Promise.allSettled(Array.from({ length: Math.max(1, at) }, runner));
  const failed = ran.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) throw failed.reason;
}
