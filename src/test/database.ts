import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { connect, type Database, startEmbeddedPostgres } from "../server/db/client.ts";

/**
 * A fresh, migrated database for one test file: a clone of the template that global-setup.ts
 * migrated once. PostgreSQL when TEST_DATABASE_URL is set (CREATE DATABASE … TEMPLATE), else PGlite
 * (loadDataDir from the dumped data directory).
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = process.env.KICKOFF_TEST_TEMPLATE;
  if (!template) throw new Error("KICKOFF_TEST_TEMPLATE is not set: run the tests through vitest (global-setup.ts)");

  if (serverUrl) {
    const name = `kickoff_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = connect(url.toString());
    return {
      ...database,
      async close() {
        await database.close();
        const cleanup = new pg.Client({ connectionString: serverUrl });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
      },
    };
  }

  const embedded = await startEmbeddedPostgres({ loadDataDir: new Blob([readFileSync(template)]) });
  const database = connect(embedded.url);
  return {
    ...database,
    async close() {
      await database.close();
      await embedded.stop();
    },
  };
}
