import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect, createServer } from "node:net";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { LOCK_FILE } from "./db/data-dir-lock.ts";

/** The server as `npm start` runs it: a real process on the embedded defaults. */
const dataDir = mkdtempSync(join(tmpdir(), "kickoff-main-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/**
 * The servers a test started and left running (it failed before stopping them): killed after it, so
 * that the next test's start does not find DATA_DIR in use by a leftover.
 */
const started = new Set<ChildProcess>();
afterEach(async () => {
  for (const child of started) {
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await gone;
    }
  }
  started.clear();
});

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...process.env, DATABASE_URL: "", SMTP_URL: "", ADMIN_EMAILS: "", DATA_DIR: dataDir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.add(child);
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const waitFor = async (text: string, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!output.includes(text)) {
      if (child.exitCode !== null) throw new Error(`exited early:\n${output}`);
      if (Date.now() > deadline) throw new Error(`"${text}" not printed:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  return { child, exited, waitFor, output: () => output };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("npm start", () => {
  it("starts on the embedded database, prints where to look, and shuts down gracefully on SIGTERM", async () => {
    const port = await freePort();
    const server = startServer({ PORT: String(port) });
    await server.waitFor("/dev/mailbox");
    expect(server.output()).toContain(`Kickoff is running at http://localhost:${port}`);
    expect(server.output()).toContain("ADMIN_EMAILS=you@example.com");

    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/dev/mailbox`)).status).toBe(200);

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("SIGTERM: finishing requests and shutting down");
  }, 90_000);

  it("limits sign-in attempts out of the box (failed passwords per account)", async () => {
    const port = await freePort();
    const server = startServer({ PORT: String(port) });
    try {
      await server.waitFor("is running at");
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
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  }, 90_000);

  // A second address of this machine that is not loopback, to reach the server as another computer would.
  const otherAddress = Object.values(networkInterfaces())
    .flat()
    .find((candidate) => candidate && candidate.family === "IPv4" && !candidate.internal)?.address;

  it.runIf(otherAddress)("serves the local mailbox to this machine only, and listens where HOST says", async () => {
    const port = await freePort();
    const everywhere = startServer({ PORT: String(port) });
    try {
      await everywhere.waitFor("is running at");
      expect((await fetch(`http://127.0.0.1:${port}/dev/mailbox`)).status).toBe(200);
      const remote = await fetch(`http://${otherAddress}:${port}/dev/mailbox`);
      expect(remote.status).toBe(403);
      expect((await fetch(`http://${otherAddress}:${port}/healthz`)).status).toBe(200);
    } finally {
      everywhere.child.kill("SIGTERM");
      await everywhere.exited;
    }

    const loopbackOnly = startServer({ PORT: String(port), HOST: "127.0.0.1" });
    try {
      await loopbackOnly.waitFor("is running at");
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      await expect(fetch(`http://${otherAddress}:${port}/healthz`)).rejects.toThrow();
    } finally {
      loopbackOnly.child.kill("SIGTERM");
      await loopbackOnly.exited;
    }
  }, 120_000);

  it("refuses to start with a bad value and names the variable", async () => {
    const server = startServer({ PORT: "eighty" });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("PORT");
  }, 30_000);

  it("still shuts down in time when a client never finishes its request", async () => {
    const port = await freePort();
    const server = startServer({ PORT: String(port) });
    await server.waitFor("is running at");
    // Headers without their final blank line: an open request Node would wait on for a minute.
    const socket = connect(port, "127.0.0.1");
    await new Promise<void>((resolve) => socket.once("connect", resolve));
    socket.on("error", () => undefined);
    socket.write("GET /healthz HTTP/1.1\r\nHost: localhost\r\n");
    await new Promise((resolve) => setTimeout(resolve, 200));

    const started = Date.now();
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(20_000);
    socket.destroy();
  }, 90_000);

  it("says clearly that HOST is not an address of this machine", async () => {
    const server = startServer({ PORT: String(await freePort()), HOST: "203.0.113.77" });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("Start-up failed: HOST 203.0.113.77 is not an address of this machine");
    expect(server.output()).not.toMatch(/\n\s+at /);
  }, 90_000);

  it("says clearly that the port is in use, without a stack trace", async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "0.0.0.0", resolve));
    const { port } = holder.address() as { port: number };
    try {
      const server = startServer({ PORT: String(port) });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(`Start-up failed: port ${port} is already in use`);
      expect(server.output()).not.toMatch(/\n\s+at /);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  }, 90_000);

  it("a second start on the same DATA_DIR stops with a clear message, and the first keeps serving", async () => {
    const port = await freePort();
    const first = startServer({ PORT: String(port) });
    try {
      await first.waitFor("is running at");
      const second = startServer({ PORT: String(await freePort()) });
      expect(await second.exited).not.toBe(0);
      expect(second.output()).toContain(`Start-up failed: DATA_DIR ${dataDir} is in use by another running Kickoff (pid ${first.child.pid})`);
      expect(second.output()).not.toMatch(/\n\s+at /);
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    } finally {
      first.child.kill("SIGTERM");
      await first.exited;
    }
    // A clean shutdown leaves no lock behind.
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  }, 120_000);

  it("starts again after being killed (kill -9): the lock it left does not block the restart", async () => {
    const port = await freePort();
    const killed = startServer({ PORT: String(port) });
    await killed.waitFor("is running at");
    killed.child.kill("SIGKILL");
    await killed.exited;
    expect(readFileSync(join(dataDir, LOCK_FILE), "utf8").trim()).toBe(String(killed.child.pid));

    // On a port of its own: the lock is what this is about, and the killed one's port may meanwhile be
    // handed to another test file running beside this one ("port already in use", seen once in CI).
    const again = await freePort();
    const restarted = startServer({ PORT: String(again) });
    try {
      await restarted.waitFor("is running at");
      expect((await fetch(`http://127.0.0.1:${again}/healthz`)).status).toBe(200);
    } finally {
      restarted.child.kill("SIGTERM");
      expect(await restarted.exited).toBe(0);
    }
  }, 120_000);
});
