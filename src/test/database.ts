import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { connect, connectEmbedded, type Database, startEmbeddedPostgres } from "#server/db/client.ts";

/**
 * A fresh, migrated database for one test file: a clone of the template that global-setup.ts
 * migrated once. PostgreSQL when TEST_DATABASE_URL is set (CREATE DATABASE … TEMPLATE), else PGlite
 * (loadDataDir from the dumped data directory).
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = process.env.KICKOFF_TEST_TEMPLATE;
  if (!template) throw new Error("KICKOFF_TEST_TEMPLATE is not set: run the tests through vitest (global-setup.ts)");
  if (serverUrl) return createThrowawayDatabase(serverUrl, { prefix: "kickoff_test", template });
  return connectEmbedded(await startEmbeddedPostgres({ loadDataDir: new Blob([readFileSync(template)]) }));
}

/** A new database on a PostgreSQL server (a copy of `template` if given), dropped on close. */
export async function createThrowawayDatabase(serverUrl: string, options: { prefix: string; template?: string }): Promise<Database> {
  const name = `${options.prefix}_${randomBytes(6).toString("hex")}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}${options.template ? ` TEMPLATE ${options.template}` : ""}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = connect(url.toString());
  return {
    ...database,
    async close() {
      // pool.end() resolves before every connection has gone; the forced drop then cuts the rest,
      // which is expected here and not worth a "pool error" line.
      database.pool.removeAllListeners("error");
      database.pool.on("error", () => undefined);
      await database.close();
      await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function onServer(serverUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
