import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmbeddedPostgres, openDatabase, openDatabaseForTool, startEmbeddedPostgres } from "./client.ts";

async function query(connectionString: string) {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
  client.on("error", () => undefined);
  await client.connect();
  try {
    return (await client.query<{ answer: number }>("select 1 as answer")).rows[0]!.answer;
  } finally {
    await client.end();
  }
}

describe("the embedded database server", () => {
  let embedded: EmbeddedPostgres;
  beforeAll(async () => {
    embedded = await startEmbeddedPostgres();
  });
  afterAll(async () => {
    await embedded?.stop();
  });

  it("answers the app's own connection string", async () => {
    expect(await query(embedded.url)).toBe(1);
  });

  it("is served on a Unix socket in a directory only this user may enter, not on a TCP port", () => {
    const url = new URL(embedded.url);
    const socketDir = url.searchParams.get("host");
    expect(socketDir).toMatch(/^\//);
    expect(statSync(socketDir!).mode & 0o777).toBe(0o700);
    expect(statSync(join(socketDir!, ".s.PGSQL.5432")).isSocket()).toBe(true);
    expect(url.hostname).not.toMatch(/^127\.|^\[::1\]$/);
  });

  it("refuses a client without the generated password, or with another one", async () => {
    const withoutPassword = new URL(embedded.url);
    withoutPassword.password = "";
    await expect(query(withoutPassword.toString())).rejects.toThrow();
    const wrongPassword = new URL(embedded.url);
    wrongPassword.password = "postgres";
    await expect(query(wrongPassword.toString())).rejects.toThrow(/password authentication failed/);
    // The refused clients left the database working for the others.
    expect(await query(embedded.url)).toBe(1);
  });

  it.runIf(process.getuid?.() === 0)("cannot be reached by another user of this machine, even with the password", () => {
    const socketPath = join(new URL(embedded.url).searchParams.get("host")!, ".s.PGSQL.5432");
    const probe = `require("net").connect(${JSON.stringify(socketPath)}).on("connect", () => { console.log("connected"); process.exit(0); }).on("error", (e) => { console.log(e.code); process.exit(0); });`;
    const nobody = spawnSync(process.execPath, ["-e", probe], { uid: 65534, gid: 65534, encoding: "utf8", timeout: 10_000 });
    expect(nobody.stdout.trim()).toBe("EACCES");
  });

  it("removes its socket directory when stopped", async () => {
    const other = await startEmbeddedPostgres();
    const socketDir = new URL(other.url).searchParams.get("host")!;
    await other.stop();
    expect(existsSync(socketDir)).toBe(false);
  });
});

describe("openDatabase on DATA_DIR (npm start), and tools beside the running app", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "kickoff-db-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("notes its private connection string for `npm run reconcile`, readable by this user only", async () => {
    const database = await openDatabase({ dataDir });
    try {
      const note = join(dataDir, "running-database.json");
      expect(statSync(note).mode & 0o777).toBe(0o600);
      const { url } = JSON.parse(readFileSync(note, "utf8")) as { url: string };
      expect(url).toBe(database.url);
      const tool = await openDatabaseForTool({ dataDir });
      try {
        expect(tool.where).toContain("the running app's embedded database");
        expect((await tool.pool.query("select 1 as answer")).rows[0].answer).toBe(1);
      } finally {
        await tool.close();
      }
    } finally {
      await database.close();
    }
    expect(existsSync(join(dataDir, "running-database.json"))).toBe(false);
  }, 60_000);
});
