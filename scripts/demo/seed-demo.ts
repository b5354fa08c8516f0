import { createApp } from "#server/app.ts";
import { type Config } from "#server/config.ts";
import { createContext } from "#server/context.ts";
import type { Database } from "#server/db/client.ts";
import type { JobQueue } from "#server/jobs/queue.ts";
import { createAnalytics } from "#server/analytics/record-hit.ts";
import { rollUpHits } from "#server/analytics/roll-up-hits.ts";
import { executeRefund } from "#server/money/execute-refund.ts";
import { REFUND_QUEUE, type RefundJob } from "#server/money/refund-jobs.ts";
import { PROMOTE_QUEUE, type PromoteJob } from "#server/registrations/jobs.ts";
import { runPromotion } from "#server/registrations/run-promotion.ts";
import type { CheckInList } from "#shared/check-in.ts";
import type { SeriesDetailResponse } from "#shared/series.ts";
import type { TeamsSheet, TeamsSuggestions } from "#shared/teams.ts";
import { addDays, isoWeekday } from "#shared/series-schedule.ts";
import { dateInZone } from "#shared/zoned-time.ts";
import { DemoClient } from "./demo-client.ts";

/**
 * The demo's community (docs/demo.md): an organiser and fifteen players, a weekly series with five
 * games played (a month of history) and three to come. Everything goes through the app's own use
 * cases, over its HTTP API: the series created, players signed up and their cards saved, spots paid
 * for with the simulated processor (its real ledger rows), a spot given up and refunded, a waitlist
 * promoted and charged, check-ins, no-shows, teams published, results and ratings, page views.
 *
 * The past is made like this (docs/decisions/039-demo-community.md): the rules read the app's clock
 * (`context.now`), which the seed moves to each game's week (three days before kick-off to join,
 * after the final whistle to check in and enter the result); then every date and time in the
 * database's own tables is moved back five weeks at once, the same amount everywhere, so the first
 * five games are over and the next is in two to eight days. What the database stamps itself
 * (created_at) is stamped at the real time of seeding, then moved back with the rest.
 */

export const DEMO_PASSWORD = "kickoff-demo";
export const DEMO_ORGANISER = { email: "organiser@demo.kickoff.test", firstName: "Olivia", lastName: "Martin" };
export const DEMO_PLAYER = { email: "player@demo.kickoff.test", firstName: "Pat", lastName: "Lefebvre" };

const OTHERS: [string, string][] = [
  ["Ana", "Silva"], ["Ben", "Okafor"], ["Chloé", "Roy"], ["Dev", "Patel"], ["Emma", "Nguyen"],
  ["Felix", "Wagner"], ["Gabi", "Costa"], ["Hugo", "Bernard"], ["Ines", "Haddad"], ["Jonas", "Berg"],
  ["Kofi", "Mensah"], ["Lea", "Dubois"], ["Marco", "Rossi"], ["Nina", "Kowalski"],
];

/** The series: eight Thursdays at 7 PM, 10 players at $12.00, two free goalkeepers, one +1 guest each. */
const GAMES = 8;
const PLAYED = 5;
const SHIFT_DAYS = 35;
const PRICE_CENTS = 1200;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface DemoCounts {
  users: number;
  games: number;
  pastGames: number;
  confirmedSpots: number;
  waitlisted: number;
  refunds: number;
  checkedIn: number;
  noShows: number;
  results: number;
  pageHits: number;
}

export async function seedDemo(config: Config, database: Database, options: { log?: (line: string) => void } = {}): Promise<DemoCounts> {
  const log = options.log ?? (() => undefined);
  let clock = new Date();
  const now = () => clock;
  // The background work the use cases ask for, run here in order once each step is committed
  // (refunds and promotions; the mails are not sent: the demo's mailbox starts empty).
  const queued: { queue: string; data: object }[] = [];
  const jobs: JobQueue = {
    async send(queue, data) {
      queued.push({ queue, data });
    },
    async sendMany(list) {
      queued.push(...list);
    },
  };
  const analytics = createAnalytics({ pool: database.pool, timeZone: config.analytics.timeZone, publicUrl: config.publicUrl, now });
  const context = { ...createContext(config, database, { jobs, analytics }), now };
  const app = createApp(context);
  const runJobs = async () => {
    while (queued.length > 0) {
      const job = queued.shift()!;
      if (job.queue === REFUND_QUEUE) await executeRefund(context, (job.data as RefundJob).paymentId);
      if (job.queue === PROMOTE_QUEUE) await runPromotion(context, (job.data as PromoteJob).registrationId);
    }
  };

  log("people: an organiser and fifteen players");
  const signUp = async (person: { email: string; firstName: string; lastName: string }) => {
    const client = new DemoClient(app, config.publicUrl);
    await client.call("POST", "/api/auth/sign-up/email", { ...person, password: DEMO_PASSWORD, name: `${person.firstName} ${person.lastName}`, callbackURL: "/" });
    // The link of the verification mail, followed: the demo has no one to click it.
    await database.pool.query(`update "user" set email_verified = true where email = $1`, [person.email]);
    await client.call("POST", "/api/auth/sign-in/email", { email: person.email, password: DEMO_PASSWORD });
    return client;
  };
  // At once: hashing the passwords is most of the work, and each person is on their own.
  const emailOf = (firstName: string) => `${firstName.normalize("NFKD").replace(/[^A-Za-z]/g, "").toLowerCase()}@demo.kickoff.test`;
  const [organiser, ...people] = await Promise.all(
    [DEMO_ORGANISER, DEMO_PLAYER, ...OTHERS.map(([firstName, lastName]) => ({ email: emailOf(firstName), firstName, lastName }))].map(signUp),
  );
  if (!organiser) throw new Error("demo seed: no organiser");
  const cards = await Promise.all(
    people.map(async (person) => {
      const saved = await person.call<{ paymentMethod: { id: string } }>("POST", "/api/me/payment-methods", { card: { number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" } });
      return saved.paymentMethod.id;
    }),
  );

  log("a weekly series: eight Thursdays at 7 PM");
  const zone = config.timeZone;
  let first = addDays(dateInZone(new Date(), zone), 2);
  while (isoWeekday(first) !== 4) first = addDays(first, 1);
  const created = await organiser.call<SeriesDetailResponse>("POST", "/api/admin/series", {
    title: "Thursday Night Football",
    date: first,
    time: "19:00",
    timeZone: zone,
    durationHours: 1,
    durationMinutes: 30,
    location: { name: "Parc Jarry, 285 Rue Gary-Carter, Montréal", latitude: 45.5335, longitude: -73.6277 },
    field: "Field 2",
    notes: "Bring a light and a dark shirt.",
    cost: (PRICE_CENTS / 100).toFixed(2),
    maxPlayers: 10,
    includeGoalkeepers: true,
    goalkeeperCost: "",
    maxGoalkeepers: 2,
    maxGuestsPerPlayer: 1,
    repeat: { ends: "after_games", gameCount: GAMES, opensDaysBefore: 7 },
  });
  const games = created.games.slice(0, GAMES);

  const joinAs = (index: number, gameId: string, extra: Record<string, unknown> = {}) =>
    people[index]!.call("POST", `/api/events/${gameId}/registrations`, { role: "player", paymentMethodId: cards[index], consentToAutoCharge: true, expectedPriceCents: PRICE_CENTS, ...extra });

  for (const [week, game] of games.entries()) {
    const startsAt = new Date(game.startsAt);
    clock = new Date(startsAt.getTime() - 3 * DAY);
    // The regulars (the first eight, Pat among them) every week, two of the next six in turn, then two
    // more of them who find the game full and wait; Nina keeps goal, free.
    const rotating = [8 + (week % 6), 8 + ((week + 3) % 6)];
    // The second game: Ana's +1 takes the tenth spot. The last two games: only the regulars so far.
    const count = week > PLAYED ? 8 : week === 1 ? 9 : 10;
    for (const index of [0, 1, 2, 3, 4, 5, 6, 7, ...rotating].slice(0, count)) {
      await joinAs(index, game.id, week === 1 && index === 1 ? { guests: [{ firstName: "Sam" }] } : {});
    }
    await people[14]!.call("POST", `/api/events/${game.id}/registrations`, { role: "goalkeeper", expectedPriceCents: 0 });
    if (week > PLAYED) continue;
    const waiting = [0, 1, 2, 3, 4, 5].map((n) => 8 + n).filter((index) => !rotating.includes(index)).slice(0, 2);
    for (const index of waiting) await joinAs(index, game.id);
    // Someone gives up their spot (refunded, less the processing fee); the first waiting is charged and promoted.
    if (week < PLAYED) {
      // Pat in the first game (a refund in their Your Events), then Ben, Chloé, Dev and Emma.
      await people[[0, 2, 3, 4, 5][week]!]!.call("DELETE", `/api/events/${game.id}/registrations/me`);
      await runJobs();
    }
    if (week >= PLAYED) continue;

    clock = new Date(startsAt.getTime() + 100 * 60_000);
    const list = await organiser.call<CheckInList>("GET", `/api/admin/events/${game.id}/check-in`);
    // Everyone turns up but the last on the list, who is marked a no-show.
    for (const person of list.people.slice(0, -1)) {
      await organiser.call("PUT", `/api/admin/events/${game.id}/check-in/${person.registrationId}`, { checkedIn: true });
    }
    await organiser.call("POST", `/api/admin/events/${game.id}/check-in/no-shows`);
    if (week === 0) {
      const sheet = await organiser.call<TeamsSheet>("GET", `/api/admin/events/${game.id}/teams`);
      for (const [n, candidate] of sheet.candidates.filter((member) => member.guestOf === null).entries()) {
        await organiser.call("PUT", `/api/admin/events/${game.id}/teams/stars/${candidate.memberId}`, { stars: 2 + (n % 4) });
      }
    }
    const suggested = await organiser.call<TeamsSuggestions>("POST", `/api/admin/events/${game.id}/teams/suggestions`, { teamCount: 2, locks: {} });
    await organiser.call("PUT", `/api/admin/events/${game.id}/teams`, { teams: suggested.splits[0]!.teams, locks: {}, publish: true });
    await organiser.call("PUT", `/api/admin/events/${game.id}/teams/scores`, { scores: [{ teams: [0, 1], goals: [3 + (week % 3), 2 + ((week + 1) % 3)] }] });

    // A week of visits: the home list, the game's page, a few shares.
    for (let day = 0; day < 7; day += 1) {
      clock = new Date(startsAt.getTime() - (6 - day) * DAY);
      for (let visitor = 0; visitor < 4 + ((day * 3 + week) % 6); visitor += 1) {
        const client = { address: `203.0.113.${10 + visitor}`, userAgent: visitor % 3 === 0 ? DESKTOP : PHONE };
        await analytics.record({ kind: "view", path: "/", signedIn: true, referrer: visitor % 2 === 0 ? "https://chat.whatsapp.com/" : "" }, client);
        await analytics.record({ kind: "view", path: `/event/${game.id}`, signedIn: true }, client);
        if (visitor === 1) await analytics.record({ kind: "share", path: `/event/${game.id}`, signedIn: true }, client);
      }
    }
  }
  await runJobs();
  await analytics.buffer.close();

  log(`history: the first ${PLAYED} games moved ${SHIFT_DAYS} days back`);
  await moveBack(database, SHIFT_DAYS);
  await rollUpHits(database.pool, { timeZone: config.analytics.timeZone, now: new Date() });
  await context.live.close();
  return countDemo(database);
}

const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

/**
 * Every date and time of the app's tables (schema public) moved back by `days`, the same for all,
 * so what happened keeps its order and its gaps. Two updates per column: out of the way first (far
 * ahead), then to the place asked, so a unique key on a date (a series' day) never meets a row not
 * moved yet.
 */
async function moveBack(database: Database, days: number) {
  const { rows } = await database.pool.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('timestamp with time zone', 'timestamp without time zone', 'date')
        and table_name in (select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE')`,
  );
  const columns = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of rows) columns.set(table, [...(columns.get(table) ?? []), `"${column}"`]);
  const client = await database.pool.connect();
  try {
    await client.query("begin");
    // All of a table's columns in one statement: a check that one comes after another still holds.
    const moveAll = (table: string, cells: string[], by: string) =>
      client.query(`update public."${table}" set ${cells.map((cell) => `${cell} = ${cell} ${by}`).join(", ")}`);
    for (const [table, cells] of columns) {
      await moveAll(table, cells, "+ interval '1000 years'");
      await moveAll(table, cells, `- interval '1000 years' - interval '${days} days'`);
    }
    await client.query("commit");
  } catch (error) {
    await client.query("rollback");
    throw error;
  } finally {
    client.release();
  }
}

export async function countDemo(database: Database): Promise<DemoCounts> {
  const one = async (sql: string) => Number((await database.pool.query<{ n: string }>(sql)).rows[0]!.n);
  return {
    users: await one(`select count(*) as n from "user"`),
    games: await one(`select count(*) as n from event`),
    pastGames: await one(`select count(*) as n from event where ends_at < now()`),
    confirmedSpots: await one(`select count(*) as n from registration where status = 'confirmed'`),
    waitlisted: await one(`select count(*) as n from registration where status = 'waitlisted'`),
    refunds: await one(`select count(*) as n from payment where kind = 'refund' and status = 'succeeded'`),
    checkedIn: await one(`select count(*) as n from registration where checked_in_at is not null`),
    noShows: await one(`select count(*) as n from registration where no_show_at is not null`),
    results: await one(`select count(distinct event_id) as n from game_score`),
    pageHits: await one(`select coalesce(sum(value), 0) as n from analytics_daily where metric = 'views'`),
  };
}
