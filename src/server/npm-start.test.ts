import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";

/**
 * `npm start` as a container runtime or a supervisor runs it: the signal goes to the process it
 * started (npm), not to the whole group as a terminal's Ctrl-C does. npm passes it to its child, and
 * everything must end, the port freed (scripts/start.mjs; README, "Stopping").
 */
const dataDir = mkdtempSync(join(tmpdir(), "kickoff-npm-start-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
/** The processes under `pid`, all the way down. */
const descendants = (pid: number): number[] => {
  // ps exits 1 when there are none.
  const children = spawnSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" }).stdout.split("\n").map(Number).filter(Boolean);
  return children.flatMap((child) => [child, ...descendants(child)]);
};

async function until(what: string, condition: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it(
  "ends, with the server it started and its port, on a SIGTERM sent to npm alone",
  async () => {
    const port = await freePort();
    const npm: ChildProcess = spawn("npm", ["start", "--silent", "--", "--no-build"], {
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", SMTP_URL: "", ADMIN_EMAILS: "", NODE_ENV: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const leftovers: number[] = [];
    let output = "";
    npm.stdout!.on("data", (chunk) => (output += chunk));
    npm.stderr!.on("data", (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => npm.once("exit", (code) => resolve(code)));
    try {
      await until("the server listens", () => /listens:/.test(output), 60_000);
      const below = descendants(npm.pid!);
      leftovers.push(...below);
      expect(below.length, output).toBeGreaterThan(0);
      expect(await accepts(port)).toBe(true);

      npm.kill("SIGTERM");
      await exited;
      await until("every process npm started has ended", () => below.every((pid) => !alive(pid)), 20_000);
      expect(await accepts(port)).toBe(false);
      expect(output).toMatch(/SIGTERM: finishing requests and shutting down/);
    } finally {
      // A failed run leaves nothing behind: whatever still runs of what npm started, orphaned or not.
      for (const pid of [npm.pid!, ...descendants(npm.pid!), ...leftovers]) if (alive(pid)) process.kill(pid, "SIGKILL");
    }
  },
  90_000,
);
