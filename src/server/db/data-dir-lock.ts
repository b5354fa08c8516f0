import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Thrown when another process holds DATA_DIR; main.ts prints it and exits with 1. */
export class DataDirInUseError extends Error {
  override name = "DataDirInUseError";
}

/**
 * The embedded database is one process's (PGlite keeps its files open and is not made for two
 * writers): a second app on the same DATA_DIR would corrupt it. The first takes this lock, a file
 * naming its PID, created only if absent; a second finds it and stops with a clear message. A lock
 * left by a process that no longer runs (killed with -9, a power cut) is taken over, so a restart
 * is never blocked. Returns the release, also run at exit. Several instances run on PostgreSQL
 * (DATABASE_URL), never on one DATA_DIR (docs/decisions/026-shared-state.md).
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(path, `${process.pid}\n`, { flag: "wx", mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = lockHolder(path);
    if (holder !== null && holder !== process.pid && isRunning(holder)) {
      throw new DataDirInUseError(
        `DATA_DIR ${dataDir} is in use by another running Kickoff (pid ${holder}): the embedded database is for one process. ` +
          "Stop that one first, give this one another DATA_DIR, or run several instances on one PostgreSQL (DATABASE_URL).",
      );
    }
    // Left by a process that is gone (or unreadable, half written by one killed at that moment).
    // Removed and created again with the exclusive flag: of two starting at once, one wins.
    if (attempt > 0) throw new DataDirInUseError(`DATA_DIR ${dataDir} is being taken by another Kickoff starting at the same moment. Try again.`);
    rmSync(path, { force: true });
  }
  const release = () => {
    if (lockHolder(path) === process.pid) rmSync(path, { force: true });
    process.off("exit", release);
  };
  process.on("exit", release);
  return release;
}

export const LOCK_FILE = "kickoff.lock";

function lockHolder(path: string): number | null {
  try {
    const pid = Number(readFileSync(path, "utf8").trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Whether `pid` is a running Node process. Another user's process counts as running (EPERM). Where
 * /proc exists, a PID reused after a reboot by a program that is not Node does not block the start.
 */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  try {
    return /node|tsx/.test(readFileSync(`/proc/${pid}/cmdline`, "utf8"));
  } catch {
    return true;
  }
}
