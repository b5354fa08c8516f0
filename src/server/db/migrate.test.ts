import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createThrowawayDatabase } from "#test/database.ts";
import { connect } from "./client.ts";
import { migrationsFolder, runMigrations } from "./migrate.ts";

const serverUrl = process.env.TEST_DATABASE_URL;

/** Several instances started at once on a new PostgreSQL database (the embedded one is for one process). */
describe.runIf(Boolean(serverUrl))("migrations run by several instances at once", () => {
  it("are applied once, every instance starting cleanly", async () => {
    const database = await createThrowawayDatabase(serverUrl!, { prefix: "kickoff_migrate" });
    const instances = [connect(database.url, 2), connect(database.url, 2), connect(database.url, 2)];
    try {
      const outcomes = await Promise.allSettled(instances.map((instance) => runMigrations(instance.db, instance.pool)));
      expect(outcomes.map((outcome) => (outcome.status === "rejected" ? String(outcome.reason) : "ok"))).toEqual(["ok", "ok", "ok"]);

      const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
      const applied = await database.pool.query<{ count: string }>("select count(*) from drizzle.__drizzle_migrations");
      expect(Number(applied.rows[0]!.count)).toBe(journal.entries.length);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await database.close();
    }
  });
});
