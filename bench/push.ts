// `npm run bench:push`: one piece of news fanned out to 2,000 devices (issue 34, docs/notifications.md).
// 2,000 accounts, each with a browser subscribed at a real Web Push service on loopback
// (`web-push-testing`: it checks every push's VAPID signature and decrypts it); then one news for all
// of them through the app's own path (queuePush, the push-send jobs and their worker), on PGlite and
// on PostgreSQL. Prints the time from the first push queued to the last one accepted by the push
// service, and checks that each device got it exactly once. Exits 1 when a push is lost or doubled.
//
//   BENCH_DATABASE_URL  PostgreSQL server for its run (default postgres://postgres@127.0.0.1:5432/postgres; unreachable: skipped)
//   BENCH_PUSH_DEVICES  how many devices (default 2000)
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { connectEmbedded, type Database, startEmbeddedPostgres } from "#server/db/client.ts";
import { runMigrations } from "#server/db/migrate.ts";
import { pushSubscription, user } from "#server/db/schema.ts";
import { startBoss } from "#server/jobs/boss.ts";
import { bossJobQueue } from "#server/jobs/queue.ts";
import { createPushChannels } from "#server/push/channel.ts";
import { PUSH_QUEUE, queuePush } from "#server/push/queue-push.ts";
import { startPushWorkers } from "#server/push/workers.ts";
import { createThrowawayDatabase } from "#test/database.ts";
import { startPushService, type TestPushService } from "#test/push-service.ts";
import { printTable } from "./table.ts";

const DEVICES = Number(process.env.BENCH_PUSH_DEVICES ?? 2000);
const SUBSCRIBED_AT_ONCE = 50;

async function run(name: string, database: Database, service: TestPushService): Promise<string[]> {
  await runMigrations(database.db);
  const dataDir = mkdtempSync(join(tmpdir(), "kickoff-bench-push-"));
  const boss = await startBoss(database.url);
  try {
    const push = createPushChannels({ dataDir, push: { vapidKeys: null, subject: "mailto:bench@example.com", fcm: null, apns: null, extraServiceHosts: [] } });
    const jobs = bossJobQueue(boss);
    await startPushWorkers(boss, { database, push }, { pollingIntervalSeconds: 0.5 });

    // The accounts and their devices, each subscribed at the push service with the server's key.
    const people = Array.from({ length: DEVICES }, (_, index) => ({ id: `bench-push-${name}-${index}`, name: `Player ${index}`, email: `push-${name}-${index}@example.com`.toLowerCase(), emailVerified: true }));
    for (let start = 0; start < people.length; start += 500) await database.db.insert(user).values(people.slice(start, start + 500));
    const devices: { userId: string; clientHash: string }[] = [];
    for (let start = 0; start < people.length; start += SUBSCRIBED_AT_ONCE) {
      const batch = await Promise.all(
        people.slice(start, start + SUBSCRIBED_AT_ONCE).map(async (person) => ({ person, subscription: await service.subscribe(push.vapid().publicKey) })),
      );
      await database.db.insert(pushSubscription).values(
        batch.map(({ person, subscription }) => ({ userId: person.id, channel: "web" as const, endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth, timeZone: "UTC", label: "Bench" })),
      );
      devices.push(...batch.map(({ person, subscription }) => ({ userId: person.id, clientHash: subscription.clientHash })));
    }
    // Every kind on, no quiet hours (the default's night would hold them).
    await database.pool.query(`insert into push_settings (user_id, quiet_start, quiet_end) select id, 0, 0 from "user" where id like $1`, [`bench-push-${name}-%`]);

    // One news for everyone: a spot freed in a game they follow, say.
    const message = { title: "A spot opened up", body: "Thursday 5-a-side has a spot: it is yours if you take it.", url: "/event/bench", tag: `bench:${name}` };
    const started = performance.now();
    await Promise.all(devices.map((device) => queuePush({ database, jobs, push }, { userId: device.userId, kind: "promotion", game: null, message })));
    const queuedMs = performance.now() - started;
    let completed = 0;
    const deadline = Date.now() + 5 * 60_000;
    while (completed < DEVICES && Date.now() < deadline) {
      const { rows } = await database.pool.query<{ done: number; failed: number }>(
        `select count(*) filter (where state = 'completed')::int as done, count(*) filter (where state = 'failed')::int as failed from pgboss.job where name = $1`,
        [PUSH_QUEUE],
      );
      completed = rows[0]!.done + rows[0]!.failed;
      if (completed < DEVICES) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const lastMs = performance.now() - started;
    // What the push service holds: each device exactly one push, decrypted to the message sent.
    let exactlyOnce = 0;
    for (let start = 0; start < devices.length; start += 100) {
      const received = await Promise.all(devices.slice(start, start + 100).map((device) => service.received(device.clientHash)));
      // The service hands the payload back with its keys in another order: compared field by field.
      const same = (got: unknown) => Object.entries(message).every(([key, value]) => (got as Record<string, unknown>)[key] === value);
      exactlyOnce += received.filter((messages) => messages.length === 1 && same(messages[0])).length;
    }
    const ok = exactlyOnce === DEVICES;
    return [name, String(DEVICES), (queuedMs / 1000).toFixed(2), (lastMs / 1000).toFixed(2), `${exactlyOnce}/${DEVICES}`, ok ? "ok" : "LOST OR DOUBLED"];
  } finally {
    await boss.stop({ graceful: false, wait: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const service = await startPushService();
  const table: string[][] = [];
  try {
    const embedded = connectEmbedded(await startEmbeddedPostgres());
    try {
      table.push(await run("pglite", embedded, service));
    } finally {
      await embedded.close();
    }
    const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
    try {
      const database = await createThrowawayDatabase(serverUrl, { prefix: "kickoff_bench_push" });
      try {
        table.push(await run("postgres", database, service));
      } finally {
        await database.close();
      }
    } catch (error) {
      console.log(`PostgreSQL skipped: ${error instanceof Error ? error.message : String(error)}`);
    }
  } finally {
    await service.close();
  }
  console.log(`Load average over the last minute: ${loadavg()[0]!.toFixed(1)} (${cpus().length} cores).`);
  console.log(`One news pushed to ${DEVICES} devices through the push-send jobs, to a Web Push service on loopback that checks and decrypts each push.`);
  printTable(["database", "devices", "all queued s", "last delivered s", "received exactly once", "check"], table);
  process.exitCode = table.every((row) => row[5] === "ok") ? 0 : 1;
}

await main();
