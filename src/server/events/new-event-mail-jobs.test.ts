import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventDetail } from "#shared/events.ts";
import { dateInZone } from "#shared/zoned-time.ts";
import { ADMIN_EMAIL, createTestContext, followLink, signUpVerified, TestClient, type TestContext, uniqueEmail } from "#test/test-app.ts";
import { createApp } from "#server/app.ts";
import { user } from "#server/db/schema.ts";
import { insertEvent, insertUser } from "#test/seed-events.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { CONFIRM_UNSUBSCRIBE, INVALID_UNSUBSCRIBE_LINK, UNSUBSCRIBED, unsubscribeToken } from "#server/mail/unsubscribe.ts";
import { type Boss, startBoss } from "#server/jobs/boss.ts";
import { BATCH_SIZE, enqueueNewEventMail, NEW_EVENT_MAIL_BATCH_QUEUE, startNewEventMailWorkers } from "./new-event-mail-jobs.ts";
import { bossJobQueue } from "#server/jobs/queue.ts";

let context: TestContext;
let boss: Boss;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  context = await createTestContext();
  boss = await startBoss(context.database.url);
  await startNewEventMailWorkers(boss, context.services);
  app = createApp({ ...context.services, jobs: bossJobQueue(boss) });
});
afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true });
  await context.close();
});

/** A TestClient for the app built here (with the job queue), not the context's default app. */
function clientOf(signedIn: TestClient): TestClient {
  const client = new TestClient({ ...context, app });
  for (const [name, value] of signedIn.cookies) client.cookies.set(name, value);
  return client;
}

describe("new-game mail", () => {
  it("mails every verified, opted-in user but the organiser, in batches, with an unsubscribe link that needs no session", async () => {
    const db = context.database.db;
    const admin = clientOf((await signUpVerified(context, { email: ADMIN_EMAIL, firstName: "Ada", lastName: "Admin" })).client);
    const optedIn = await signUpVerified(context, { firstName: "Olga" });
    const optedOut = await signUpVerified(context, { firstName: "Otto" });
    await optedOut.client.json("PATCH", "/api/me/notifications", { notifyNewEvents: false });
    const unverified = await insertUser(db, { emailVerified: false, email: uniqueEmail("unverified") });
    // More than one batch of recipients.
    const crowd = await Promise.all(Array.from({ length: BATCH_SIZE + 3 }, () => insertUser(db, { email: uniqueEmail("crowd") })));

    const before = context.mail.mails.length;
    const date = dateInZone(new Date(Date.now() + 5 * 86_400_000), "Europe/London");
    const created = await admin.json<{ event: EventDetail }>("POST", "/api/events", {
      title: "Thursday 5-a-side",
      date,
      time: "19:00",
      timeZone: "Europe/London",
      durationHours: 1,
      durationMinutes: 0,
      location: { name: "Hackney Marshes", latitude: 51.5565, longitude: -0.0302 },
      field: "Pitch 9",
      cost: "8",
      maxPlayers: 10,
      includeGoalkeepers: false,
    });
    expect(created.status).toBe(201);
    const eventId = created.body.event.id;

    const mail = await context.mail.waitFor(optedIn.email, "New game: Thursday 5-a-side", { after: before, timeoutMs: 20_000 });
    expect(mail.text).toContain("Hackney Marshes (field: Pitch 9)");
    expect(mail.text).toContain("7:00 PM – 8:00 PM (United Kingdom Time)");
    expect(mail.text).toContain("$8.00 per player");
    expect(mail.links).toContain(`${context.config.publicUrl}/event/${eventId}`);
    const unsubscribe = mail.links.find((link) => link.includes("/api/unsubscribe?token="));
    expect(unsubscribe).toBeDefined();

    // Everyone in the crowd gets it too (two batches), exactly once.
    await Promise.all(crowd.map((member) => context.mail.waitFor(member.email, "New game: Thursday 5-a-side", { after: before, timeoutMs: 20_000 })));
    const announcements = context.mail.mails.slice(before).filter((m) => m.subject === "New game: Thursday 5-a-side");
    const recipients = announcements.flatMap((m) => m.to);
    expect(recipients).toHaveLength(crowd.length + 1);
    expect(new Set(recipients).size).toBe(recipients.length);
    expect(recipients).not.toContain(ADMIN_EMAIL);
    expect(recipients).not.toContain(optedOut.email.toLowerCase());
    expect(recipients).not.toContain(unverified.email.toLowerCase());

    // The link works in a browser with no session at all: it asks first, and the button unsubscribes.
    const browser = clientOf(new TestClient(context));
    const page = await followLink(browser, unsubscribe!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(CONFIRM_UNSUBSCRIBE);
    const action = html.match(/<form method="post" action="([^"]+)">/)?.[1]?.replaceAll("&#38;", "&");
    expect(action).toBeDefined();
    const confirmed = await browser.request("POST", action!, undefined, { "content-type": "application/x-www-form-urlencoded" });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain(UNSUBSCRIBED);
    const [row] = await db.select({ notifyNewEvents: user.notifyNewEvents }).from(user).where(eq(user.id, optedIn.userId));
    expect(row?.notifyNewEvents).toBe(false);
  });

  it("does not unsubscribe when a mail scanner only opens the link", async () => {
    const member = await insertUser(context.database.db);
    const link = `/api/unsubscribe?token=${unsubscribeToken(context.config.authSecret, member.id)}`;
    for (let i = 0; i < 3; i++) expect((await new TestClient(context).request("GET", link)).status).toBe(200);
    const [row] = await context.database.db.select({ notifyNewEvents: user.notifyNewEvents }).from(user).where(eq(user.id, member.id));
    expect(row?.notifyNewEvents).toBe(true);
  });
});

describe("GET /api/unsubscribe", () => {
  it.each([
    ["no token", "/api/unsubscribe"],
    ["a forged token", `/api/unsubscribe?token=${unsubscribeToken("some-other-secret-some-other-secret", "someone")}`],
    ["garbage", "/api/unsubscribe?token=%%%.%%%"],
  ])("answers 400 with a clear page for %s", async (_label, path) => {
    const response = await new TestClient(context).request("GET", path);
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(await response.text()).toContain(INVALID_UNSUBSCRIBE_LINK);
  });

  it("refuses a one-click POST with a forged token", async () => {
    const member = await insertUser(context.database.db);
    const forged = unsubscribeToken("some-other-secret-some-other-secret", member.id);
    const response = await new TestClient(context).request("POST", `/api/unsubscribe?token=${forged}`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(INVALID_UNSUBSCRIBE_LINK);
    const [row] = await context.database.db.select({ notifyNewEvents: user.notifyNewEvents }).from(user).where(eq(user.id, member.id));
    expect(row?.notifyNewEvents).toBe(true);
  });

  it("speaks the recipient's language, else the browser's", async () => {
    const member = await insertUser(context.database.db);
    await context.database.db.update(user).set({ language: "fr" }).where(eq(user.id, member.id));
    const link = `/api/unsubscribe?token=${unsubscribeToken(context.config.authSecret, member.id)}`;
    const confirm = await (await new TestClient(context).request("GET", link, undefined, { "accept-language": "en-US" })).text();
    expect(confirm).toContain('<html lang="fr-CA">');
    expect(confirm).toContain("Ne plus recevoir de courriel pour chaque nouvelle partie ?");
    expect(confirm).toContain(">Se désabonner</button>");
    const done = await (await new TestClient(context).request("POST", link)).text();
    expect(done).toContain("Vous ne recevrez plus de courriels sur les nouvelles parties.");
    expect(done).not.toContain(UNSUBSCRIBED);

    const invalid = await new TestClient(context).request("GET", "/api/unsubscribe?token=%%%.%%%", undefined, { "accept-language": "fr-CA,fr;q=0.9" });
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain("Ce lien de désabonnement n’est pas valide.");
  });

  it("accepts mail clients' one-click POST", async () => {
    const member = await insertUser(context.database.db);
    const response = await new TestClient(context).request("POST", `/api/unsubscribe?token=${unsubscribeToken(context.config.authSecret, member.id)}`);
    expect(response.status).toBe(200);
    const [row] = await context.database.db.select({ notifyNewEvents: user.notifyNewEvents }).from(user).where(eq(user.id, member.id));
    expect(row?.notifyNewEvents).toBe(false);
  });
});

describe("new-game mail delivery", () => {
  it("retries only the recipients whose mail failed, and a repeated fan-out sends nothing twice", async () => {
    const local = await createTestContext();
    const localBoss = await startBoss(local.database.url);
    try {
      const db = local.database.db;
      const flaky = await insertUser(db, { email: uniqueEmail("flaky") });
      const steady = await Promise.all([insertUser(db, { email: uniqueEmail("steady") }), insertUser(db, { email: uniqueEmail("steady") })]);
      let flakyAttempts = 0;
      const mailer: Mailer = {
        local: false,
        close() {},
        async send(mail) {
          if (mail.to === flaky.email && flakyAttempts++ === 0) throw new Error("mailbox unavailable");
          await local.services.mailer.send(mail);
        },
      };
      await startNewEventMailWorkers(localBoss, { ...local.services, mailer, followUpDelaySeconds: 1 });
      const game = await insertEvent(db, { title: "Retry cup" });
      const jobs = bossJobQueue(localBoss);
      await enqueueNewEventMail(jobs, game.id);
      await enqueueNewEventMail(jobs, game.id);

      for (const member of [flaky, ...steady]) await local.mail.waitFor(member.email, "New game: Retry cup", { timeoutMs: 20_000 });
      // Give a duplicate the time it would need to show up.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const recipients = local.mail.mails.filter((m) => m.subject === "New game: Retry cup").flatMap((m) => m.to);
      expect(recipients.sort()).toEqual([flaky, ...steady].map((member) => member.email.toLowerCase()).sort());
      expect(flakyAttempts).toBe(2); // one failure, then one delivery
    } finally {
      await localBoss.stop({ graceful: false, wait: true });
      await local.close();
    }
  });

  it("sends nobody the same announcement twice when batches overlap (a fan-out retried after the recipients changed)", async () => {
    const local = await createTestContext();
    const localBoss = await startBoss(local.database.url);
    try {
      const db = local.database.db;
      const members = await Promise.all([0, 1, 2].map(() => insertUser(db, { email: uniqueEmail("overlap") })));
      await startNewEventMailWorkers(localBoss, local.services);
      const game = await insertEvent(db, { title: "Overlap cup" });
      const ids = members.map((member) => member.id);
      // Two batch jobs sharing a recipient, as a re-run fan-out produces when someone joined in between.
      await localBoss.insert([
        { name: NEW_EVENT_MAIL_BATCH_QUEUE, data: { eventId: game.id, userIds: ids.slice(0, 2), attempt: 1 } },
        { name: NEW_EVENT_MAIL_BATCH_QUEUE, data: { eventId: game.id, userIds: ids.slice(1), attempt: 1 } },
      ]);
      for (const member of members) await local.mail.waitFor(member.email, "New game: Overlap cup", { timeoutMs: 20_000 });
      await expect
        .poll(async () => (await local.database.pool.query("select count(*) from new_event_mail_sent where event_id = $1", [game.id])).rows[0].count)
        .toBe("3");
      // Both jobs are done once the ledger is complete; count what arrived.
      await expect.poll(async () => (await localBoss.getQueueSize(NEW_EVENT_MAIL_BATCH_QUEUE)) ?? 0).toBe(0);
      const recipients = local.mail.mails.filter((m) => m.subject === "New game: Overlap cup").flatMap((m) => m.to);
      expect(recipients.sort()).toEqual(members.map((member) => member.email.toLowerCase()).sort());
    } finally {
      await localBoss.stop({ graceful: false, wait: true });
      await local.close();
    }
  });
});
