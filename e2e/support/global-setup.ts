import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../../src/server/db/client.ts";
import { MailCatcher } from "../../src/test/mail-catcher.ts";
import { startFakeServices } from "./fake-services.ts";

export const ADMIN_EMAIL = "admin@example.com";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    mailApiURL: string;
    /** The app's database, for specs that must set up rows no API can make (e.g. past events). */
    databaseURL: string;
  }
}

/**
 * Starts, once per run: a real SMTP server (with a small HTTP API so test workers can read the
 * mail), the loopback stand-ins for outside services, and the app itself as `npm start` runs it,
 * on a fresh embedded database. The database is served from here rather than from inside the app
 * so that specs can reach it too (the app uses it through DATABASE_URL, as in production).
 */
export default async function setup(project: TestProject) {
  const mail = await new MailCatcher().start();
  const mailApi = await listen(
    createServer((request, response) => {
      const url = new URL(request.url ?? "/", "http://localhost");
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify(url.searchParams.get("to") ? mail.mails.filter((m) => m.to.includes(url.searchParams.get("to")!.toLowerCase())) : mail.mails));
    }),
  );
  const fakes = await startFakeServices();

  const dataDir = mkdtempSync(join(tmpdir(), "kickoff-e2e-"));
  const database = await startEmbeddedPostgres({ dataDir: join(dataDir, "pglite") });
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      SMTP_URL: mail.url,
      ADMIN_EMAILS: ADMIN_EMAIL,
      GEOCODER: "nominatim",
      GEOCODER_URL: fakes.nominatimUrl,
      MAP_TILE_URL: `${fakes.tilesUrl}/{z}/{x}/{y}.png`,
      SESSION_IDLE_MINUTES: "10",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  server.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  await waitForHealthy(baseURL, server, output);

  project.provide("baseURL", baseURL);
  project.provide("mailApiURL", `http://127.0.0.1:${(mailApi.address() as AddressInfo).port}`);
  project.provide("databaseURL", database.url);

  return async () => {
    await stop(server);
    await database.stop();
    if (process.env.E2E_SERVER_LOG) console.log(output.join(""));
    mailApi.closeAllConnections();
    mailApi.close();
    await fakes.stop();
    await mail.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

async function listen(server: Server): Promise<Server> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

async function freePort(): Promise<number> {
  const server = await listen(createServer());
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitForHealthy(baseURL: string, server: ChildProcess, output: string[]) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the app exited during start-up:\n${output.join("")}`);
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the app did not become healthy within 60 s:\n${output.join("")}`);
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
