import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { connect, startEmbeddedPostgres } from "#server/db/client.ts";
import { runMigrations } from "#server/db/migrate.ts";

/**
 * Migrates one template database per test run; every test file clones it (docs/testing-and-budgets.md, "Tests").
 * PostgreSQL when TEST_DATABASE_URL is set, else a dumped PGlite data directory.
 */
export default async function setup() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = `kickoff_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${template}`);
    const url = new URL(serverUrl);
    url.pathname = `/${template}`;
    const database = connect(url.toString(), 1);
    await runMigrations(database.db);
    await database.close();
    process.env.KICKOFF_TEST_TEMPLATE = template;
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }

  const dir = join(process.cwd(), ".tmp", "test-template");
  mkdirSync(dir, { recursive: true });
  const embedded = await startEmbeddedPostgres();
  const database = connect(embedded.url, 1);
  await runMigrations(database.db);
  await database.close();
  // All clients are closed, so dumping the data directory cannot race a query.
  const dump = await embedded.pglite.dumpDataDir("gzip");
  await embedded.stop();
  const file = join(dir, `template-${process.pid}.tar.gz`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env.KICKOFF_TEST_TEMPLATE = file;
  return undefined;
}

