import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "#server/db/client.ts";
import { MailCatcher } from "#test/mail-catcher.ts";
import { listen, startApp } from "./app-process.ts";
import { startApnsStandIn } from "./apns-stand-in.ts";
import { startFakeServices } from "./fake-services.ts";
import { E2E_LANES } from "./lane-count.ts";

export const ADMIN_EMAIL = "admin@example.com";

/** One app with everything it talks to; spec files run on the lanes side by side, each lane's in turn. */
export interface Lane {
  baseURL: string;
  mailApiURL: string;
  /** The app's database, for specs that must set up rows no API can make (e.g. past events). */
  databaseURL: string;
  /** What the APNs stand-in received (apns-stand-in.ts): `GET ?token=…`. */
  apnsReadURL: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    lanes: Lane[];
  }
}

/**
 * Starts, once per run and for each lane (E2E_LANES, see e2e/vitest.config.ts): a real SMTP server
 * (with a small HTTP API so test workers can read the mail) and the app itself as `npm start` runs
 * it, on a fresh embedded database; and once, the loopback stand-ins for outside services. Lanes
 * share nothing else, so a spec sees only what the specs before it on its lane left behind.
 */
export default async function setup(project: TestProject) {
  const fakes = await startFakeServices();
  // The iOS app's pushes go to Apple's stand-in (the Android channel, FCM, stays unconfigured).
  const apns = await startApnsStandIn();
  const lanes = await Promise.all(Array.from({ length: E2E_LANES }, () => startLane(fakes, apns)));
  project.provide(
    "lanes",
    lanes.map((lane) => lane.lane),
  );

  return async () => {
    await Promise.all(lanes.map((lane) => lane.stop()));
    await fakes.stop();
    await apns.stop();
  };
}

async function startLane(fakes: Awaited<ReturnType<typeof startFakeServices>>, apns: Awaited<ReturnType<typeof startApnsStandIn>>) {
  const mail = await new MailCatcher().start();
  const mailApi = await listen(
    createServer((request, response) => {
      const url = new URL(request.url ?? "/", "http://localhost");
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify(url.searchParams.get("to") ? mail.mails.filter((m) => m.to.includes(url.searchParams.get("to")!.toLowerCase())) : mail.mails));
    }),
  );

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
    ...apns.env,
  });
  const lane: Lane = {
    baseURL: app.baseURL,
    mailApiURL: `http://127.0.0.1:${(mailApi.address() as AddressInfo).port}`,
    databaseURL: database.url,
    apnsReadURL: apns.readUrl,
  };
  return {
    lane,
    async stop() {
      await app.stop();
      await database.stop();
      if (process.env.E2E_SERVER_LOG) console.log(app.output.join(""));
      // A 500 in a test is worth its stack trace in the CI log, which otherwise has no server output.
      else for (const chunk of app.output) if (/unexpected error|ERROR \[Better Auth\]/i.test(chunk)) console.log(`the app of this lane said: ${chunk}`);
      mailApi.closeAllConnections();
      mailApi.close();
      await mail.stop();
      rmSync(dbDir, { recursive: true, force: true });
    },
  };
}
