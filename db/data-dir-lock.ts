// One process per embedded database folder: a lock file with the holder's pid, taken over only when that process is gone.
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const LOCK_FILE = "explorer.lock";

export class DataDirInUse extends Error {}

/** Whether a process with this pid is running (signal 0 checks without sending anything). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes the folder for this process, or throws DataDirInUse naming the process that holds it. PGlite keeps the whole
 * database in one process's memory: a second process (an indexer beside an API) would write over it.
 * Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, String(process.pid), { flag: "wx" });
      return () => unlinkSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(readFileSync(path, "utf8").trim());
      if (holder === process.pid) return () => unlinkSync(path);
      if (Number.isInteger(holder) && holder > 0 && alive(holder)) {
        throw new DataDirInUse(
          `the embedded database in ${dir} is in use by process ${holder}: stop it first, or run the indexer and API processes on a PostgreSQL server (DATABASE_URL); npm start runs both in one process`,
        );
      }
      // Left behind by a process that died without releasing it.
      unlinkSync(path);
    }
  }
  throw new DataDirInUse(`could not take the lock of ${dir}`);
}
