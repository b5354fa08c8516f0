import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../../src/server/db/client.ts";
import { MailCatcher } from "../../src/test/mail-catcher.ts";
import { listen, startApp } from "./app-process.ts";
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

  // The app's database is served from here rather than from inside the app, so that specs can reach
  // it too (the app uses it through DATABASE_URL, as in production).
  const dbDir = mkdtempSync(join(tmpdir(), "kickoff-e2e-db-"));
  const database = await startEmbeddedPostgres({ dataDir: join(dbDir, "pglite") });
  const app = await startApp({
    DATABASE_URL: database.url,
    SMTP_URL: mail.url,
    ADMIN_EMAILS: ADMIN_EMAIL,
    GEOCODER: "nominatim",
    GEOCODER_URL: fakes.nominatimUrl,
    MAP_TILE_URL: `${fakes.tilesUrl}/{z}/{x}/{y}.png`,
  });
  const baseURL = app.baseURL;

  project.provide("baseURL", baseURL);
  project.provide("mailApiURL", `http://127.0.0.1:${(mailApi.address() as AddressInfo).port}`);
  project.provide("databaseURL", database.url);

  return async () => {
    await app.stop();
    await database.stop();
    if (process.env.E2E_SERVER_LOG) console.log(app.output.join(""));
    mailApi.closeAllConnections();
    mailApi.close();
    await fakes.stop();
    await mail.stop();
    rmSync(dbDir, { recursive: true, force: true });
  };
}
