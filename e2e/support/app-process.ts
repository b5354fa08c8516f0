import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SERVER_NODE_FLAGS } from "../../scripts/server-node-flags.mjs";

/**
 * The app in its own process, started as `npm start` runs it (src/server/main.ts), on a free port
 * and a fresh DATA_DIR: the run's app (global-setup.ts), and specs that need one configured
 * differently (PAYMENTS=stripe).
 */
export interface AppProcess {
  baseURL: string;
  dataDir: string;
  /** Everything the app printed, for a failure report. */
  output: string[];
  /** The embedded database the app serves (DATA_DIR/running-database.json), for seeding rows. */
  databaseURL(): string;
  stop(): Promise<void>;
}

export async function startApp(env: Record<string, string>): Promise<AppProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), "kickoff-e2e-"));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, "--import", "tsx", "src/server/main.ts"], {
    env: { ...process.env, NODE_ENV: "test", PORT: String(port), PUBLIC_URL: baseURL, DATA_DIR: dataDir, SESSION_IDLE_MINUTES: "10",
      // Every browser of a run comes from 127.0.0.1: one address's limit of open live streams (8 by
      // default) would refuse the pages of a spec that keeps a few open at once.
      LIVE_STREAMS_PER_ADDRESS: "200",
      // Likewise every sign-up and sign-in of a lane's specs: at the suite's pace a lane makes more
      // in 15 minutes than one person's address may (60 sign-ups, 100 sign-ins). The limits are
      // tested on their own (src/server/http/rate-limit.test.ts).
      RATE_LIMIT_SIGN_UP: "5000",
      RATE_LIMIT_SIGN_IN: "5000",
      RATE_LIMIT_VERIFICATION_MAIL: "5000",
      RATE_LIMIT_PASSWORD_RESET: "5000",
      RATE_LIMIT_PASSWORD_CHECK: "5000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  server.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  await waitForHealthy(baseURL, server, output);
  return {
    baseURL,
    dataDir,
    output,
    databaseURL: () => (JSON.parse(readFileSync(join(dataDir, "running-database.json"), "utf8")) as { url: string }).url,
    async stop() {
      await stop(server);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function listen(server: Server): Promise<Server> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

async function freePort(): Promise<number> {
  const server = await listen(createServer());
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const START_LIMIT_MS = 120_000;

async function waitForHealthy(baseURL: string, server: ChildProcess, output: string[]) {
  // Generous: with two lanes busy, a third app (a spec's own) starts on a crowded machine.
  const deadline = Date.now() + START_LIMIT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the app exited during start-up:\n${output.join("")}`);
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the app did not become healthy within ${START_LIMIT_MS / 1000} s:\n${output.join("")}`);
}

async function stop(server: ChildProcess) {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 15_000)))]);
  clearTimeout(timer);
  if (server.exitCode === null) server.kill("SIGKILL");
}
