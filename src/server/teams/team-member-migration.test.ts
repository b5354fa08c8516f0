import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createThrowawayDatabase } from "#test/database.ts";
import { connectEmbedded, type Database, startEmbeddedPostgres } from "#server/db/client.ts";
import { migrationsFolder } from "#server/db/migrate.ts";

/**
 * Migration 0019 (team members may be +1 guests; docs/teams-and-ratings.md, "Guests") on a database
 * that has teams saved under 0018: every row keeps its registration, team and lock, gains an id, and
 * the new rules hold (exactly one of registration and guest, each in one team at most).
 */
let database: Database;
let before0019: string;
beforeAll(async () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  database = serverUrl ? await createThrowawayDatabase(serverUrl, { prefix: "kickoff_migrate_0019" }) : connectEmbedded(await startEmbeddedPostgres(), 2);
  // The migrations up to 0018 only: a copy of the folder with the journal cut before 0019.
  before0019 = mkdtempSync(join(tmpdir(), "kickoff-0018-"));
  cpSync(migrationsFolder, before0019, { recursive: true });
  const journalPath = join(before0019, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag.startsWith("0019_"));
  expect(at).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  await migrate(database.db, { migrationsFolder: before0019 });
}, 120_000);
afterAll(async () => {
  await database?.close();
  if (before0019) rmSync(before0019, { recursive: true, force: true });
});

const query = <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => database.pool.query<T>(text, values).then((result) => result.rows);

describe("migration 0019: team members may be guests", () => {
  it("keeps every saved member as it was, and then takes a guest as a member of their own", async () => {
    await query(`insert into "user" (id, name, email, email_verified, first_name, last_name) values ('u1', 'Pia Pitch', 'pia@example.com', true, 'Pia', 'Pitch'), ('u2', 'Ben Ball', 'ben@example.com', true, 'Ben', 'Ball')`);
    const [game] = await query<{ id: string }>(
      `insert into event (title, starts_at, ends_at, time_zone, duration_minutes, cost_cents, max_players) values ('Old teams', now(), now() + interval '1 hour', 'UTC', 60, 0, 10) returning id`,
    );
    const [pia, ben] = await query<{ id: string }>(`insert into registration (event_id, user_id, role, status) values ($1, 'u1', 'player', 'confirmed'), ($1, 'u2', 'player', 'confirmed') returning id`, [game!.id]);
    await query(`insert into team_sheet (event_id, team_count, published_at) values ($1, 2, now())`, [game!.id]);
    await query(`insert into team_member (registration_id, event_id, team, locked) values ($1, $3, 0, true), ($2, $3, 1, false)`, [pia!.id, ben!.id, game!.id]);

    await migrate(database.db, { migrationsFolder });

    const members = await query<{ id: string | null; registration_id: string; guest_id: string | null; team: number; locked: boolean }>(
      `select id, registration_id, guest_id, team, locked from team_member order by team`,
    );
    expect(members.map(({ id: _id, ...rest }) => rest)).toEqual([
      { registration_id: pia!.id, guest_id: null, team: 0, locked: true },
      { registration_id: ben!.id, guest_id: null, team: 1, locked: false },
    ]);
    expect(members.every((member) => typeof member.id === "string" && member.id.length === 36)).toBe(true);

    // A guest is a member of their own; one registration or guest per team sheet, never both nor neither.
    const [sam] = await query<{ id: string }>(`insert into registration_guest (registration_id, ordinal, first_name, share_cents) values ($1, 1, 'Sam', 0) returning id`, [pia!.id]);
    await query(`insert into team_member (guest_id, event_id, team) values ($1, $2, 1)`, [sam!.id, game!.id]);
    await expect(query(`insert into team_member (guest_id, event_id, team) values ($1, $2, 0)`, [sam!.id, game!.id])).rejects.toThrow(/team_member_guest_idx/);
    await expect(query(`insert into team_member (registration_id, event_id, team) values ($1, $2, 1)`, [pia!.id, game!.id])).rejects.toThrow(/team_member_registration_idx/);
    await expect(query(`insert into team_member (event_id, team) values ($1, 0)`, [game!.id])).rejects.toThrow(/team_member_one_kind/);
    await expect(query(`insert into team_member (registration_id, guest_id, event_id, team) values ($1, $2, $3, 0)`, [ben!.id, sam!.id, game!.id])).rejects.toThrow(
      /team_member_one_kind|team_member_registration_idx/,
    );
    // A registration deleted takes its membership and its guests' with it.
    await query(`delete from registration where id = $1`, [pia!.id]);
    expect(await query(`select registration_id, guest_id from team_member`)).toEqual([{ registration_id: ben!.id, guest_id: null }]);
  }, 60_000);
});
