import { fileURLToPath } from "node:url";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type pg from "pg";
import type { Db } from "./client.ts";

export const migrationsFolder = fileURLToPath(new URL("../../../drizzle", import.meta.url));

/** The advisory lock key held while migrating (any constant no other code uses). */
const MIGRATION_LOCK = 7_301_000;

/**
 * Applies the migrations not yet applied. Several instances starting at once on one PostgreSQL take
 * turns on an advisory lock, held on a connection of its own for the whole run: the first applies the
 * migrations, the others then find nothing left to do (drizzle's migrator alone takes no lock, and two
 * of them would both try to apply the same migration). Without `pool` (one process: the tests' setup,
 * tools on the embedded database) no lock is taken.
 */
export async function runMigrations(db: Db, pool?: pg.Pool): Promise<void> {
  if (!pool) {
    await migrate(db, { migrationsFolder });
    return;
  }
  const holder = await pool.connect();
  try {
    await holder.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migrate(db, { migrationsFolder });
  } finally {
    await holder.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
    holder.release();
  }
}
