import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReminderSettings } from "#shared/calendar.ts";
import { eventually } from "#test/payments.ts";
import { createTestContext, followLink, signUpVerified, TestClient, type TestContext } from "#test/test-app.ts";
import { event, gameReminder, registration, user } from "#server/db/schema.ts";
import { insertEvent, insertUser } from "#test/seed-events.ts";
import { type Boss, startBoss } from "#server/jobs/boss.ts";
import { bossJobQueue } from "#server/jobs/queue.ts";
import { CONFIRM_UNSUBSCRIBE_REMINDERS, INVALID_UNSUBSCRIBE_LINK, UNSUBSCRIBED_REMINDERS, unsubscribeToken } from "#server/mail/unsubscribe.ts";
import { NOT_REFUNDED, reminderWhen } from "./reminder-mail.ts";
import { sendReminder } from "./send-reminder.ts";
import { sweepReminders } from "./sweep-reminders.ts";
import { startReminderWorkers } from "./workers.ts";

/**
 * Reminders 24 hours and 2 hours before kick-off (issue 17): once per person, game and kind, also
 * with two workers sweeping at once and after a restart; none for a cancelled game, a released spot
 * or someone who turned them off. Real pg-boss workers, real mail to a loopback SMTP server.
 */
let context: TestContext;
const bosses: Boss[] = [];
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  for (const boss of bosses) await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
  await context?.close();
});

const HOUR = 3_600_000;
const db = () => context.database.db;
const twoDaysAgo = () => new Date(Date.now() - 48 * HOUR);

/** A worker process: pg-boss with the reminder mail worker; it sweeps only when the test says so. */
async function startWorker() {
  const boss = await startBoss(context.database.url);
  bosses.push(boss);
  const deps = { db: db(), database: context.database, mailer: context.services.mailer, config: context.config, jobs: bossJobQueue(boss) };
  await startReminderWorkers(boss, deps, { pollingIntervalSeconds: 0.5, schedule: false });
  return { boss, deps };
}

async function player(options: { gameReminders?: boolean } = {}) {
  const row = await insertUser(db());
  if (options.gameReminders === false) await db().update(user).set({ notifyGameReminders: false }).where(eq(user.id, row.id));
  return row;
}

/** A spot held since `since` (two days by default: before either reminder was due). */
async function spot(userId: string, eventId: string, options: { status?: "confirmed" | "waitlisted" | "cancelled"; since?: Date } = {}) {
  const since = options.since ?? twoDaysAgo();
  const [row] = await db()
    .insert(registration)
    .values({ eventId, userId, role: "player", status: options.status ?? "confirmed", createdAt: since, updatedAt: since, closedReason: options.status === "cancelled" ? "user_left" : null })
    .returning();
  return row!;
}

const remindersTo = (email: string) => context.mail.mails.filter((mail) => mail.to.includes(email.toLowerCase()) && /^(Reminder|Starting soon):/.test(mail.subject));

describe("the reminder sweep", () => {
  it("mails each confirmed player once per kind, across two workers sweeping at once and a sweep after a restart", async () => {
    const tomorrow = await insertEvent(db(), {
      title: "Tomorrow's Game",
      timeZone: "America/Toronto",
      startsInHours: 23.5,
      locationName: "Riverside Park, 100 River Road",
      field: "Pitch 3",
      latitude: 43.65,
      longitude: -79.38,
    });
    const soon = await insertEvent(db(), { title: "Soon Game", timeZone: "Europe/London", startsInHours: 1.5, latitude: null, longitude: null, locationName: "Town Green" });
    const cancelled = await insertEvent(db(), { title: "Cancelled Game", startsInHours: 23.5, status: "cancelled" });
    const later = await insertEvent(db(), { title: "Later Game", startsInHours: 30 });

    const tomorrowPlayers = [await player(), await player(), await player()];
    for (const person of tomorrowPlayers) await spot(person.id, tomorrow.id);
    const soonPlayers = [await player(), await player()];
    for (const person of soonPlayers) await spot(person.id, soon.id);
    // Nobody else is reminded: a waitlist place, a spot given up, reminders turned off, a spot taken
    // after the 24-hour reminder was due (its owner was just told "You're in"), a cancelled game, a
    // game more than 24 hours away.
    const others = {
      waiting: await player(),
      left: await player(),
      optedOut: await player({ gameReminders: false }),
      latecomer: await player(),
      inCancelled: await player(),
      inLater: await player(),
    };
    await spot(others.waiting.id, tomorrow.id, { status: "waitlisted" });
    await spot(others.left.id, tomorrow.id, { status: "cancelled" });
    await spot(others.optedOut.id, tomorrow.id);
    await spot(others.latecomer.id, tomorrow.id, { since: new Date() });
    await spot(others.inCancelled.id, cancelled.id);
    await spot(others.inLater.id, later.id);

    const first = await startWorker();
    const second = await startWorker();
    const [a, b] = await Promise.all([sweepReminders(first.deps), sweepReminders(second.deps)]);
    const claims = [...a, ...b].map((claim) => `${claim.userId}:${claim.eventId}:${claim.kind}`);
    expect(claims.sort()).toEqual(
      [...tomorrowPlayers.map((p) => `${p.id}:${tomorrow.id}:24h`), ...soonPlayers.map((p) => `${p.id}:${soon.id}:2h`)].sort(),
    );

    for (const person of tomorrowPlayers) await context.mail.waitFor(person.email, "Reminder: Tomorrow's Game", { timeoutMs: 20_000 });
    for (const person of soonPlayers) await context.mail.waitFor(person.email, "Starting soon: Soon Game", { timeoutMs: 20_000 });
    await eventually(async () => {
      const sent = await db().select().from(gameReminder).where(eq(gameReminder.eventId, tomorrow.id));
      return sent.length === 3 && sent.every((row) => row.sentAt !== null) ? sent : undefined;
    }, "the reminders marked sent");

    // A restart: both workers gone, a new one sweeps again and finds every reminder claimed.
    for (const boss of [first.boss, second.boss]) await boss.stop({ graceful: false, wait: true });
    const restarted = await startWorker();
    expect(await sweepReminders(restarted.deps)).toEqual([]);
    expect(await sweepReminders(restarted.deps)).toEqual([]);
    // Time for any duplicate to arrive, had one been queued.
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    for (const person of [...tomorrowPlayers, ...soonPlayers]) expect(remindersTo(person.email)).toHaveLength(1);
    for (const person of Object.values(others)) expect(remindersTo(person.email)).toEqual([]);

    // What the 24-hour reminder says: when (weekday, date and time on Toronto's clocks), where, the way there, the game.
    const [mail] = remindersTo(tomorrowPlayers[0]!.email);
    const when = reminderWhen(tomorrow);
    expect(when).toMatch(/^(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, \w+ \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M – \d{1,2}:\d{2} [AP]M \(Eastern Time\)$/);
    expect(when.startsWith(new Intl.DateTimeFormat("en-US", { timeZone: "America/Toronto", weekday: "long" }).format(tomorrow.startsAt))).toBe(true);
    expect(mail!.text).toContain(`When: ${when}`);
    expect(mail!.text).toContain("Where: Riverside Park, 100 River Road (field: Pitch 3)");
    expect(mail!.text).toContain("Directions: https://www.google.com/maps/dir/?api=1&destination=43.65%2C-79.38");
    expect(mail!.links).toContain(`${context.config.publicUrl}/event/${tomorrow.id}`);
    expect(mail!.text).toContain(NOT_REFUNDED);
    expect(mail!.links.some((link) => link.startsWith(`${context.config.publicUrl}/api/unsubscribe/reminders?token=`))).toBe(true);

    // The 2-hour one: inside the last 24 hours, so cancelling is not refunded; directions by the venue's name.
    const [soonMail] = remindersTo(soonPlayers[0]!.email);
    expect(soonMail!.text).toContain(NOT_REFUNDED);
    expect(soonMail!.text).toContain("Directions: https://www.google.com/maps/dir/?api=1&destination=Town+Green");
    expect(soonMail!.text).toContain("(United Kingdom Time)");
  });

  it("sends nothing for a claim whose spot was released, whose game was cancelled or whose player turned reminders off meanwhile", async () => {
    const game = await insertEvent(db(), { title: "Changing Game", startsInHours: 23 });
    const released = await player();
    const optingOut = await player();
    const staying = await player();
    const releasedSpot = await spot(released.id, game.id);
    await spot(optingOut.id, game.id);
    await spot(staying.id, game.id);
    const { deps } = await startWorker();
    // Claimed as a sweep would, with no job yet: the test sends by hand, after the changes.
    await db().insert(gameReminder).values([released, optingOut, staying].map((person) => ({ userId: person.id, eventId: game.id, kind: "24h" as const })));
    await db().update(registration).set({ status: "cancelled", closedReason: "user_left" }).where(eq(registration.id, releasedSpot.id));
    await db().update(user).set({ notifyGameReminders: false }).where(eq(user.id, optingOut.id));

    expect(await sendReminder(deps, { userId: released.id, eventId: game.id, kind: "24h" })).toBe("skipped");
    expect(await sendReminder(deps, { userId: optingOut.id, eventId: game.id, kind: "24h" })).toBe("skipped");
    expect(await sendReminder(deps, { userId: staying.id, eventId: game.id, kind: "24h" })).toBe("sent");
    // The same job again (a retry after the mail went out) sends nothing more.
    expect(await sendReminder(deps, { userId: staying.id, eventId: game.id, kind: "24h" })).toBe("skipped");
    await db().update(event).set({ status: "cancelled" }).where(eq(event.id, game.id));
    await db().delete(gameReminder).where(and(eq(gameReminder.eventId, game.id), eq(gameReminder.userId, staying.id)));
    await db().insert(gameReminder).values({ userId: staying.id, eventId: game.id, kind: "24h" });
    expect(await sendReminder(deps, { userId: staying.id, eventId: game.id, kind: "24h" })).toBe("skipped");

    await context.mail.waitFor(staying.email, "Reminder: Changing Game");
    expect(remindersTo(staying.email)).toHaveLength(1);
    expect(remindersTo(released.email)).toEqual([]);
    expect(remindersTo(optingOut.email)).toEqual([]);
    expect(await sweepReminders(deps)).toEqual([]);
  });
});

describe("turning reminders off", () => {
  it("from Profile: the switch is the user's own, apart from the new-game mails", async () => {
    const person = await signUpVerified(context);
    expect((await person.client.json<ReminderSettings>("GET", "/api/me/reminders")).body).toEqual({ gameReminders: true });
    expect((await person.client.json<ReminderSettings>("PATCH", "/api/me/reminders", { gameReminders: false })).body).toEqual({ gameReminders: false });
    expect((await person.client.json<ReminderSettings>("GET", "/api/me/reminders")).body).toEqual({ gameReminders: false });
    const [row] = await db().select({ reminders: user.notifyGameReminders, newGames: user.notifyNewEvents }).from(user).where(eq(user.id, person.userId));
    expect(row).toEqual({ reminders: false, newGames: true });

    const game = await insertEvent(db(), { startsInHours: 23 });
    await spot(person.userId, game.id);
    const { deps } = await startWorker();
    expect((await sweepReminders(deps)).filter((claim) => claim.userId === person.userId)).toEqual([]);

    const bad = await person.client.json<{ error: { code: string; fields: Record<string, string> } }>("PATCH", "/api/me/reminders", { gameReminders: "no" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("validation");
    expect((await new TestClient(context).request("GET", "/api/me/reminders")).status).toBe(401);
  });

  it("from the mail's footer: one click stops reminders only, and a new-game link cannot", async () => {
    const person = await insertUser(db());
    const link = `${context.config.publicUrl}/api/unsubscribe/reminders?token=${unsubscribeToken(context.config.authSecret, person.id, "game-reminders")}`;
    const browser = new TestClient(context);
    // Opening the link (as a mail scanner does) only asks.
    const page = await followLink(browser, link);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(CONFIRM_UNSUBSCRIBE_REMINDERS);
    const [before] = await db().select({ reminders: user.notifyGameReminders }).from(user).where(eq(user.id, person.id));
    expect(before?.reminders).toBe(true);

    const action = html.match(/<form method="post" action="([^"]+)">/)?.[1]?.replaceAll("&#38;", "&");
    const done = await browser.request("POST", action!, undefined, { "content-type": "application/x-www-form-urlencoded" });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(UNSUBSCRIBED_REMINDERS);
    const [after] = await db().select({ reminders: user.notifyGameReminders, newGames: user.notifyNewEvents }).from(user).where(eq(user.id, person.id));
    expect(after).toEqual({ reminders: false, newGames: true });

    // Each kind's link works for its kind only.
    const newGamesToken = unsubscribeToken(context.config.authSecret, person.id);
    const crossed = await browser.request("POST", `/api/unsubscribe/reminders?token=${newGamesToken}`, undefined, { "content-type": "application/x-www-form-urlencoded" });
    expect(crossed.status).toBe(400);
    expect(await crossed.text()).toContain(INVALID_UNSUBSCRIBE_LINK);
    const remindersToken = unsubscribeToken(context.config.authSecret, person.id, "game-reminders");
    expect((await browser.request("GET", `/api/unsubscribe?token=${remindersToken}`)).status).toBe(400);
  });
});
