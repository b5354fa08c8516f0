import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "#test/test-app.ts";
import { insertEvent } from "#test/seed-events.ts";
import { type Boss, startBoss } from "./boss.ts";
import { startEmbeddedVacuum, VACUUM_QUEUE } from "./maintenance.ts";

let context: TestContext;
let boss: Boss;
beforeAll(async () => {
  context = await createTestContext();
  boss = await startBoss(context.database.url);
});
afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true });
  await context.close();
});

const allVisiblePages = async () =>
  Number((await context.database.pool.query<{ pages: number }>("select relallvisible as pages from pg_class where relname = 'event'")).rows[0]!.pages);

describe("embedded vacuum", () => {
  it("vacuums the database when its job runs, setting the visibility map", async () => {
    for (let i = 0; i < 50; i++) await insertEvent(context.database.db, { title: `Game ${i}` });
    await context.database.pool.query("analyze event");
    expect(await allVisiblePages()).toBe(0);

    await startEmbeddedVacuum(boss, context.database.pool, { embedded: true });
    await boss.send(VACUUM_QUEUE, {});
    await expect.poll(allVisiblePages, { timeout: 15_000, interval: 200 }).toBeGreaterThan(0);
    expect(await boss.getSchedules()).toEqual([expect.objectContaining({ name: VACUUM_QUEUE, cron: "17 * * * *" })]);
  });
});
