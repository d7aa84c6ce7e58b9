// The live-update benchmark's API process: the API of `npm run serve`, answering "memory" with its memory after a full
// garbage collection (started with --expose-gc), so that a client's cost is not lost in collection noise.
import { loadConfig } from "../cli/config.ts";
import { noticeBus, openMigratedDatabase, startApi } from "../cli/services.ts";

const config = loadConfig();
const db = await openMigratedDatabase(config);
await startApi(config, db, false, noticeBus(config, db));
process.on("message", () => {
  (globalThis as { gc?: () => void }).gc?.();
  const memory = process.memoryUsage();
  process.send!({ rss: memory.rss, heap: memory.heapUsed + memory.external });
});
process.send!({ ready: true });
