import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect, createServer } from "node:net";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCK_FILE } from "./db/data-dir-lock.ts";

/**
 * The server as `npm start` runs it: a real process on the embedded defaults. The first start is on
 * an empty DATA_DIR; once that server has shut down, the tests that need a server of their own run
 * side by side, each on a copy of that DATA_DIR (two servers cannot share one: its lock says so).
 */
const dataDir = mkdtempSync(join(tmpdir(), "kickoff-main-"));
const dirs = [dataDir];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A DATA_DIR of its own, as the first server left `dataDir` (migrated, no lock). */
function copyOfDataDir(): string {
  const copy = mkdtempSync(join(tmpdir(), "kickoff-main-"));
  dirs.push(copy);
  cpSync(dataDir, copy, { recursive: true });
  return copy;
}

/**
 * At most this many servers in start-up at once: a start is mostly CPU (loading the app, opening
 * the database), and the machine has two cores shared with the other test files.
 */
const STARTING_AT_ONCE = 2;
let starting = 0;
const waitingToStart: (() => void)[] = [];
async function startSlot(): Promise<() => void> {
  if (starting >= STARTING_AT_ONCE) await new Promise<void>((resolve) => waitingToStart.push(resolve));
  else starting += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const next = waitingToStart.shift();
    if (next) next();
    else starting -= 1;
  };
}

type Server = Awaited<ReturnType<typeof startServer>>;

/**
 * Spawns the server, once a start-up slot is free; the slot is given back when the server listens
 * or exits. `afterwards` is given what kills the server if it is still running (the test failed
 * before stopping it): the test's onTestFinished, so that the next start does not find a leftover.
 */
async function startServer(env: Record<string, string>, afterwards: (kill: () => Promise<void>) => void) {
  const release = await startSlot();
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...process.env, DATABASE_URL: "", SMTP_URL: "", ADMIN_EMAILS: "", DATA_DIR: dataDir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const listeners = new Set<() => void>();
  const read = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes("is running at")) release();
    for (const listener of listeners) listener();
  };
  child.stdout!.on("data", read);
  child.stderr!.on("data", read);
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      release();
      for (const listener of listeners) listener();
      resolve(code);
    }),
  );
  afterwards(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await exited;
    }
  });
  /** Resolves once the output matches; fails if the server exits first, or after `timeoutMs`. */
  const waitFor = (text: string | RegExp, timeoutMs = 90_000) =>
    new Promise<void>((resolve, reject) => {
      const matches = () => (typeof text === "string" ? output.includes(text) : text.test(output));
      const check = () => {
        if (matches()) finish(resolve);
        else if (child.exitCode !== null || child.signalCode !== null) finish(() => reject(new Error(`exited early:\n${output}`)));
      };
      const timer = setTimeout(() => finish(() => reject(new Error(`"${text}" not printed within ${timeoutMs / 1000} s:\n${output}`))), timeoutMs);
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        listeners.delete(check);
        settle();
      };
      listeners.add(check);
      check();
    });
  return { child, exited, waitFor, output: () => output };
}

/** Ports handed out by this file, never handed out twice while its servers start side by side. */
const handedOut = new Set<number>();
async function freePort(): Promise<number> {
  for (;;) {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
}

async function stop(server: Server) {
  server.child.kill("SIGTERM");
  return server.exited;
}

// A second address of this machine that is not loopback, to reach the server as another computer would.
const otherAddress = Object.values(networkInterfaces())
  .flat()
  .find((candidate) => candidate && candidate.family === "IPv4" && !candidate.internal)?.address;

describe("npm start", () => {
  describe("on an empty DATA_DIR, on the defaults (one server, shared by these tests)", () => {
    let port: number;
    let server: Server;
    // Stopped by the last test of this block; killed after the block if that one did not.
    let kill: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      port = await freePort();
      server = await startServer({ PORT: String(port) }, (killer) => (kill = killer));
      // The last line of the welcome, whole.
      await server.waitFor(/ {2}admins: .*\n/);
    }, 120_000);
    afterAll(() => kill?.());

    describe.concurrent("while it runs", () => {
      it("starts on the embedded database and prints where to look", async ({ expect }) => {
        expect(server.output()).toContain(`Kickoff is running at http://localhost:${port}`);
        expect(server.output()).toContain("ADMIN_EMAILS=you@example.com");

        const health = await fetch(`http://127.0.0.1:${port}/healthz`);
        expect(health.status).toBe(200);
        expect((await fetch(`http://127.0.0.1:${port}/dev/mailbox`)).status).toBe(200);
      }, 90_000);

      it("limits sign-in attempts out of the box (failed passwords per account)", async ({ expect }) => {
        const origin = `http://localhost:${port}`;
        const signIn = () =>
          fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
            method: "POST",
            headers: { "content-type": "application/json", origin },
            body: JSON.stringify({ email: "someone@example.com", password: "not-the-password" }),
          });
        for (let attempt = 0; attempt < 10; attempt++) expect((await signIn()).status).toBe(401);
        const limited = await signIn();
        expect(limited.status).toBe(429);
        expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(((await limited.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
      }, 90_000);

      it.runIf(otherAddress)("serves the local mailbox to this machine only, and listens on every address without HOST", async ({ expect }) => {
        expect((await fetch(`http://127.0.0.1:${port}/dev/mailbox`)).status).toBe(200);
        const remote = await fetch(`http://${otherAddress}:${port}/dev/mailbox`);
        expect(remote.status).toBe(403);
        expect((await fetch(`http://${otherAddress}:${port}/healthz`)).status).toBe(200);
      }, 90_000);

      it("a second start on the same DATA_DIR stops with a clear message, and the first keeps serving", async ({ expect, onTestFinished }) => {
        const second = await startServer({ PORT: String(await freePort()) }, onTestFinished);
        expect(await second.exited).not.toBe(0);
        expect(second.output()).toContain(`Start-up failed: DATA_DIR ${dataDir} is in use by another running Kickoff (pid ${server.child.pid})`);
        expect(second.output()).not.toMatch(/\n\s+at /);
        expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      }, 120_000);
    });

    it("shuts down gracefully on SIGTERM, and a clean shutdown leaves no lock behind", async () => {
      expect(await stop(server)).toBe(0);
      expect(server.output()).toContain("SIGTERM: finishing requests and shutting down");
      expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
    }, 90_000);
  });

  // Each on a DATA_DIR of its own, copied from the one above once its server has stopped.
  describe.concurrent("side by side, each on its own DATA_DIR", () => {
    it.runIf(otherAddress)("listens where HOST says (127.0.0.1: this machine only)", async ({ expect, onTestFinished }) => {
      const port = await freePort();
      const loopbackOnly = await startServer({ PORT: String(port), HOST: "127.0.0.1", DATA_DIR: copyOfDataDir() }, onTestFinished);
      try {
        await loopbackOnly.waitFor("is running at");
        expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
        await expect(fetch(`http://${otherAddress}:${port}/healthz`)).rejects.toThrow();
      } finally {
        await stop(loopbackOnly);
      }
    }, 180_000);

    it("refuses to start with a bad value and names the variable", async ({ expect, onTestFinished }) => {
      const server = await startServer({ PORT: "eighty", DATA_DIR: copyOfDataDir() }, onTestFinished);
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain("PORT");
    }, 180_000);

    it("still shuts down in time when a client never finishes its request", async ({ expect, onTestFinished }) => {
      const port = await freePort();
      const server = await startServer({ PORT: String(port), DATA_DIR: copyOfDataDir() }, onTestFinished);
      await server.waitFor("is running at");
      // Headers without their final blank line: an open request Node would wait on for a minute.
      const socket = connect(port, "127.0.0.1");
      onTestFinished(() => void socket.destroy());
      await new Promise<void>((resolve) => socket.once("connect", resolve));
      socket.on("error", () => undefined);
      socket.write("GET /healthz HTTP/1.1\r\nHost: localhost\r\n");
      await new Promise((resolve) => setTimeout(resolve, 200));

      const started = Date.now();
      expect(await stop(server)).toBe(0);
      expect(Date.now() - started).toBeLessThan(20_000);
    }, 180_000);

    it("says clearly that HOST is not an address of this machine", async ({ expect, onTestFinished }) => {
      const server = await startServer({ PORT: String(await freePort()), HOST: "203.0.113.77", DATA_DIR: copyOfDataDir() }, onTestFinished);
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain("Start-up failed: HOST 203.0.113.77 is not an address of this machine");
      expect(server.output()).not.toMatch(/\n\s+at /);
    }, 180_000);

    it("says clearly that the port is in use, without a stack trace", async ({ expect, onTestFinished }) => {
      const holder = createServer();
      await new Promise<void>((resolve) => holder.listen(0, "0.0.0.0", resolve));
      const { port } = holder.address() as { port: number };
      try {
        const server = await startServer({ PORT: String(port), DATA_DIR: copyOfDataDir() }, onTestFinished);
        expect(await server.exited).toBe(1);
        expect(server.output()).toContain(`Start-up failed: port ${port} is already in use`);
        expect(server.output()).not.toMatch(/\n\s+at /);
      } finally {
        await new Promise((resolve) => holder.close(resolve));
      }
    }, 180_000);

    it("starts again after being killed (kill -9): the lock it left does not block the restart", async ({ expect, onTestFinished }) => {
      const dir = copyOfDataDir();
      const killed = await startServer({ PORT: String(await freePort()), DATA_DIR: dir }, onTestFinished);
      await killed.waitFor("is running at");
      killed.child.kill("SIGKILL");
      await killed.exited;
      expect(readFileSync(join(dir, LOCK_FILE), "utf8").trim()).toBe(String(killed.child.pid));

      // On a port of its own: the lock is what this is about, and the killed one's port may meanwhile be
      // handed to another test file running beside this one ("port already in use", seen once in CI).
      const again = await freePort();
      const restarted = await startServer({ PORT: String(again), DATA_DIR: dir }, onTestFinished);
      try {
        await restarted.waitFor("is running at");
        expect((await fetch(`http://127.0.0.1:${again}/healthz`)).status).toBe(200);
      } finally {
        expect(await stop(restarted)).toBe(0);
      }
    }, 240_000);
  });
});
