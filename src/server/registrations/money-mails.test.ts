import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_FEE } from "#shared/money.ts";
import { CARDS, eventAs, insertGame, join, ledgerOf, playerWithCard } from "#test/payments.ts";
import type { CaughtMail } from "#test/mail-catcher.ts";
import { ADMIN_EMAIL, createTestContext, signUpVerified, type TestClient, type TestContext } from "#test/test-app.ts";
import { payment, registration, registrationGuest } from "#server/db/schema.ts";
import { insertUser } from "#test/seed-events.ts";
import type { Mail, Mailer } from "#server/mail/mailer.ts";
import { REGISTRATION_MAIL_QUEUE, type RegistrationMailJob } from "./jobs.ts";
import { composeRegistrationMail } from "./mails.ts";
import { type MailJob, sendMailBatch } from "./send-mail-batch.ts";

/**
 * The money mails tell the rows of their moment, whenever they are written (issue 30, items 5 and 8;
 * docs/mails.md). The registration-mail worker is stopped here: each test makes its changes through
 * the API (which queue the jobs as in production), changes more, and only then has the queued jobs
 * written and sent by the batch sender to a real SMTP server on loopback, as the worker would, so
 * every mail here is one written late. Figures: $10.00 a spot, fee 2.9 % + 30 ¢ per amount ($30.00 →
 * $1.17, $20.00 → $0.88, $10.00 → $0.59).
 */
let context: TestContext;
let admin: TestClient;
beforeAll(async () => {
  context = await createTestContext({}, { background: true });
  await boss().offWork(REGISTRATION_MAIL_QUEUE);
  admin = (await signUpVerified(context, { email: ADMIN_EMAIL })).client;
});
afterAll(async () => {
  await context?.close();
});

const boss = () => context.boss!;
const mailContext = () => ({ ...context.config, feeRule: DEFAULT_FEE });

/** The registration-mail jobs queued and due, as the worker fetches them (with pg-boss's metadata). */
async function queued(): Promise<MailJob[]> {
  // pg-boss hands out a job once `start_after < now()`, and PGlite's clock ticks in milliseconds: a
  // job sent in the same millisecond as the fetch would be left for the next one (a worker's next
  // poll; here, a mail missing). Wait for the database's clock to pass the jobs just sent.
  const pool = context.services.database.pool;
  const sentThisTick = `select exists (select 1 from pgboss.job where name = $1 and state in ('created', 'retry') and start_after = now()) as waiting`;
  while ((await pool.query<{ waiting: boolean }>(sentThisTick, [REGISTRATION_MAIL_QUEUE])).rows[0]!.waiting);
  return boss().fetch<RegistrationMailJob>(REGISTRATION_MAIL_QUEUE, { batchSize: 1000, includeMetadata: true });
}

/** Writes and sends the given jobs (default: all queued) as the worker does, then completes those not failed. */
async function drain(options: { jobs?: MailJob[]; mailer?: Mailer } = {}): Promise<MailJob[]> {
  const jobs = options.jobs ?? (await queued());
  if (jobs.length === 0) return jobs;
  await sendMailBatch(boss(), { ...context.services, mailer: options.mailer ?? context.services.mailer }, jobs);
  // pg-boss completes a batch's jobs when its handler returns; those failed are waiting for a retry and stay so.
  await boss().complete(REGISTRATION_MAIL_QUEUE, jobs.map((job) => job.id));
  return jobs;
}

/** The mails caught for `email` since `after` (an index into the catcher's list), in the order received. */
const mailsTo = (email: string, after: number): CaughtMail[] => context.mail.mails.slice(after).filter((mail) => mail.to.includes(email.toLowerCase()));

const removeGuest = async (client: TestClient, eventId: string, index = 0) => {
  // The viewer's party (an earlier spot given up is listed too, without guests).
  const guest = (await eventAs(client, eventId)).mine.find((mine) => mine.guests?.length)!.guests![index]!;
  const removed = await client.json<{ refundCents: number }>("DELETE", `/api/events/${eventId}/registrations/me/guests/${guest.id}`);
  expect(removed.status).toBe(200);
  return { guest, refundCents: removed.body.refundCents };
};

const cancelSpot = async (client: TestClient, eventId: string) => {
  const cancelled = await client.json<{ refundCents: number }>("DELETE", `/api/events/${eventId}/registrations/me`);
  expect(cancelled.status).toBe(200);
  return cancelled.body.refundCents;
};

/** A mailer that keeps what it is given, in order, and refuses the mails `refuse` says to. */
function recordingMailer(refuse: (mail: Mail) => boolean = () => false): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  return {
    local: false,
    sent,
    async send(mail) {
      if (refuse(mail)) throw new Error("421 try again later");
      sent.push(mail);
    },
    close() {},
  };
}

describe("a paid party's mails, written after it changed", () => {
  it("Payment confirmed tells the charge and the party it was for; the guest's receipt and the refund follow, each from its rows", async () => {
    const game = await insertGame(context, { title: "Mail night", maxPlayers: 6, maxGuestsPerPlayer: 2 });
    const pia = await playerWithCard(context, { firstName: "Pia" });
    const start = context.mail.mails.length;
    const joined = await join(pia.client, game.id, { role: "player", paymentMethodId: pia.card.id, guests: [{ firstName: "Sam" }, { firstName: "Alex", lastName: "Stone" }] });
    expect(joined.body.registration).toMatchObject({ status: "confirmed", amountCents: 3000 });
    const registrationId = joined.body.registration!.id;
    // Sam leaves before "Payment confirmed" is written: $10.00 − 59 ¢ goes back.
    const { guest: sam, refundCents } = await removeGuest(pia.client, game.id);
    expect(refundCents).toBe(941);
    await drain();

    const [confirmed, receipt, ...more] = mailsTo(pia.email, start);
    expect(more).toEqual([]);
    expect(confirmed!.subject).toBe("Payment confirmed: Mail night");
    // What was charged and who it was for, and the cancel policy of that charge: $30.00 − $1.17.
    expect(confirmed!.text).toContain("We charged $30.00 to your card.");
    expect(confirmed!.text).toContain("Amount: $30.00");
    expect(confirmed!.text).toContain("Your guests: Sam, Alex Stone");
    expect(confirmed!.text).toContain("you get $28.83 back: the $30.00 you paid minus the $1.17 processing fee");
    expect(confirmed!.messageId).toBe(`<payment_confirmed.${registrationId}@localhost>`);

    expect(receipt!.subject).toBe("Sam is no longer in your party for Mail night");
    expect(receipt!.text).toContain("$9.41 of their $10.00 goes back to your card: the card processor keeps $0.59 as its processing fee.");
    expect(receipt!.text).toContain("Their share: $10.00");
    expect(receipt!.text).toContain("Back to your card: $9.41");
    expect(receipt!.messageId).toBe(`<guest_removed.${sam.id}@localhost>`);

    // Pia cancels the party: what it holds, $20.00 − 88 ¢, goes back.
    const afterReceipt = context.mail.mails.length;
    expect(await cancelSpot(pia.client, game.id)).toBe(1912);
    const [job] = await drain();
    const release = (await ledgerOf(context, registrationId)).find((row) => row.kind === "refund" && row.guestId === null)!;
    expect(job!.data).toMatchObject({ kind: "refund", registrationId, refundId: release.id, asOf: expect.any(String) });
    const [refund] = mailsTo(pia.email, afterReceipt);
    expect(refund!.subject).toBe("Your refund for Mail night");
    // $30.00 in; $28.53 back in all ($19.12 now, $9.41 before); $1.47 of fees kept: the figures add up.
    expect(refund!.text).toContain("$30.00 paid, $1.47 processing fee, $28.53 refunded to your card.");
    expect(refund!.text).toContain("$9.41 of it had already gone back to your card for the guests you removed.");
    expect(refund!.messageId).toBe(`<refund.${release.id}@localhost>`);
    // A job queued before it named its refund row tells the same.
    const older = await composeRegistrationMail(context.database.db, mailContext(), { kind: "refund", registrationId });
    expect(older!.text).toContain("$30.00 paid, $1.47 processing fee, $28.53 refunded to your card.");
    expect(older!.messageId).toBe(refund!.messageId);
  });

  it("a guest whose share the fee covers gets a receipt that says nothing goes back, and why", async () => {
    const game = await insertGame(context, { title: "Small change", costCents: 50, maxGuestsPerPlayer: 1 });
    const person = await insertUser(context.database.db);
    const [reg] = await context.database.db
      .insert(registration)
      .values({ eventId: game.id, userId: person.id, role: "player", status: "confirmed", amountCents: 50, guestCount: 0, cardLabel: "Visa •••• 4242" })
      .returning();
    const [guest] = await context.database.db
      .insert(registrationGuest)
      .values({ registrationId: reg!.id, ordinal: 1, firstName: "Sam", shareCents: 50, status: "removed", removedAt: new Date(), refundedCents: 0 })
      .returning();
    await context.database.db
      .insert(payment)
      .values({ registrationId: reg!.id, eventId: game.id, userId: person.id, kind: "charge", status: "succeeded", amountCents: 100, currency: "usd", idempotencyKey: `charge:${reg!.id}` });
    // A fee of 30 ¢ + 2.9 % on each amount: a 50 ¢ share keeps nothing once a fee of 50 ¢ or more is taken.
    const mail = await composeRegistrationMail(context.database.db, { ...mailContext(), feeRule: { feePercent: 0, feeFixedCents: 60 } }, { kind: "guest_removed", registrationId: reg!.id, guestId: guest!.id });
    expect(mail!.subject).toBe("Sam is no longer in your party for Small change");
    expect(mail!.text).toContain("Nothing goes back to your card for Sam: the processing fee the card processor keeps on a refund is as much as their whole $0.50 share.");
    expect(mail!.text).toContain("Back to your card: $0.00");
  });
});

describe("a waitlist place's consent record and its promotion", () => {
  it("records the amount and the guests consented to, and You're in tells the charge made", async () => {
    const game = await insertGame(context, { title: "Full house", maxPlayers: 3, maxGuestsPerPlayer: 2 });
    const ana = await playerWithCard(context, { firstName: "Ana" });
    expect((await join(ana.client, game.id, { role: "player", paymentMethodId: ana.card.id, guests: [{ firstName: "Cy" }] })).status).toBe(201);
    const rae = await playerWithCard(context, { firstName: "Rae" });
    const start = context.mail.mails.length;
    const waiting = await join(rae.client, game.id, { role: "player", paymentMethodId: rae.card.id, consentToAutoCharge: true, guests: [{ firstName: "Bo" }, { firstName: "Dee" }] });
    expect(waiting.body.registration).toMatchObject({ status: "waitlisted", amountCents: 3000 });
    // Rae takes Bo out before the record is written: the party waits for $20.00 now, but consented to $30.00 for three.
    expect((await removeGuest(rae.client, game.id)).refundCents).toBe(0);
    await drain();
    const [record, ...more] = mailsTo(rae.email, start);
    expect(more).toEqual([]);
    expect(record!.subject).toBe("Your waitlist place and automatic payment: Full house");
    expect(record!.text).toContain("“I agree that my card will be charged $30.00 automatically if a spot frees up.”");
    expect(record!.text).toContain("Charged if a spot frees up: $30.00");
    expect(record!.text).toContain("Your guests: Bo, Dee");
    expect(record!.text).toContain("Card: Visa •••• 4242");
    expect(record!.messageId).toBe(`<waitlisted.${waiting.body.registration!.id}@localhost>`);

    // Ana leaves: Rae's party of two fits and is charged $20.00, the price it waits for now.
    const beforePromotion = context.mail.mails.length;
    await cancelSpot(ana.client, game.id);
    const charge = await eventuallyRow(waiting.body.registration!.id, "succeeded charge");
    expect(charge.amountCents).toBe(2000);
    await drainUntil(rae.email, beforePromotion, "You're in: Full house");
    const [promoted] = mailsTo(rae.email, beforePromotion);
    expect(promoted!.text).toContain("As you agreed when joining the waitlist, we charged $20.00 to your saved card.");
    expect(promoted!.text).toContain("Your guests: Dee");
    expect(promoted!.text).not.toContain("Bo");
    expect(promoted!.messageId).toBe(`<promoted.${waiting.body.registration!.id}@localhost>`);
  });
});

describe("an admin cancel", () => {
  it("tells the refunds that cancel wrote, not the person's earlier ones; the same job run twice is one message", async () => {
    const game = await insertGame(context, { title: "Called off", maxPlayers: 6, maxGuestsPerPlayer: 2 });
    const kim = await playerWithCard(context, { firstName: "Kim" });
    // An earlier spot of Kim's, cancelled ($9.41 back), then a party of three, Lou removed ($9.41 back).
    expect((await join(kim.client, game.id, { role: "player", paymentMethodId: kim.card.id })).status).toBe(201);
    expect(await cancelSpot(kim.client, game.id)).toBe(941);
    const party = await join(kim.client, game.id, { role: "player", paymentMethodId: kim.card.id, guests: [{ firstName: "Lou" }, { firstName: "Max" }] });
    expect(party.body.registration).toMatchObject({ status: "confirmed", amountCents: 3000 });
    expect((await removeGuest(kim.client, game.id)).refundCents).toBe(941);
    await drain();

    const start = context.mail.mails.length;
    expect((await admin.json("POST", `/api/events/${game.id}/cancel`, {})).status).toBe(200);
    const jobs = await drain();
    const cancelRefund = (await ledgerOf(context, party.body.registration!.id)).find((row) => row.kind === "refund" && row.reason === "admin_cancel")!;
    expect(cancelRefund.amountCents).toBe(2000);
    const job = jobs.find((queuedJob) => queuedJob.data.kind === "event_cancelled")!;
    expect(job.data).toMatchObject({ refundIds: [cancelRefund.id] });
    const [cancelled, ...more] = mailsTo(kim.email, start);
    expect(more).toEqual([]);
    expect(cancelled!.subject).toBe("Cancelled: Called off");
    expect(cancelled!.text).toContain("Of your payment of $30.00, the $20.00 still paid for your party is refunded in full to your card");
    expect(cancelled!.text).not.toContain("$38.82");
    expect(cancelled!.messageId).toBe(`<event_cancelled.${game.id}.${(job.data as { userId: string }).userId}@localhost>`);

    // The job run again (its mail sent, the worker killed before it completed): the same message, same Message-ID.
    const again = context.mail.mails.length;
    await boss().send(REGISTRATION_MAIL_QUEUE, job.data);
    await boss().send(REGISTRATION_MAIL_QUEUE, job.data);
    await drain();
    const twice = mailsTo(kim.email, again);
    expect(twice).toHaveLength(2);
    for (const sent of twice) {
      expect(sent.messageId).toBe(cancelled!.messageId);
      expect(sent.text).toBe(cancelled!.text);
    }
    // A job queued before it named the refunds tells the same (the cancel's own rows).
    const { refundIds: _named, ...older } = job.data as Extract<RegistrationMailJob, { kind: "event_cancelled" }>;
    expect((await composeRegistrationMail(context.database.db, mailContext(), older))!.text).toContain("Of your payment of $30.00, the $20.00 still paid for your party");
  });

  it("a charge that lands after the cancel: the cancel says nothing was charged, then the late charge and its refund, from their rows", async () => {
    const game = await insertGame(context, { title: "Late landing", maxGuestsPerPlayer: 1 });
    const lee = await playerWithCard(context, { firstName: "Lee", card: CARDS.authentication });
    const start = context.mail.mails.length;
    const started = await join(lee.client, game.id, { role: "player", paymentMethodId: lee.card.id, guests: [{ firstName: "Mo" }] });
    expect(started.status).toBe(202);
    expect((await admin.json("POST", `/api/events/${game.id}/cancel`, {})).status).toBe(200);
    expect((await lee.client.json("POST", "/api/payments/simulated/authenticate", { clientSecret: started.body.clientSecret!, outcome: "complete" })).status).toBe(200);
    expect((await lee.client.json("POST", `/api/events/${game.id}/registrations/me/confirm`, {})).status).toBe(409);
    await drain();
    const [cancelled, late, ...more] = mailsTo(lee.email, start);
    expect(more).toEqual([]);
    expect(cancelled!.subject).toBe("Cancelled: Late landing");
    expect(cancelled!.text).toContain("Nothing was charged to you for this game");
    expect(late!.subject).toBe("Your payment for Late landing is refunded");
    expect(late!.text).toContain("Your payment of $20.00 for Late landing went through after your spot had been released (the game was cancelled).");
    expect(late!.text).toContain("We are refunding all of it, $20.00, to your card.");
    expect(late!.messageId).toBe(`<late_charge_refunded.${started.body.registration!.id}@localhost>`);
  });
});

describe("stale mails", () => {
  it("a confirmation written after the spot was given up says so, without a cancel policy; a free one is not sent", async () => {
    const paid = await insertGame(context, { title: "Changed mind" });
    const quinn = await playerWithCard(context, { firstName: "Quinn" });
    const start = context.mail.mails.length;
    expect((await join(quinn.client, paid.id, { role: "player", paymentMethodId: quinn.card.id })).status).toBe(201);
    await cancelSpot(quinn.client, paid.id);
    const free = await insertGame(context, { title: "Free change", costCents: 0 });
    expect((await join(quinn.client, free.id, { role: "player" })).status).toBe(201);
    await cancelSpot(quinn.client, free.id);
    await drain();

    const [confirmed, refund, ...more] = mailsTo(quinn.email, start);
    expect(confirmed!.subject).toBe("Payment confirmed: Changed mind");
    expect(confirmed!.text).toContain("We charged $10.00 to your card.");
    expect(confirmed!.text).toContain("You have since given up this spot.");
    expect(confirmed!.text).not.toContain("Refund if you cancel");
    expect(confirmed!.text).not.toContain("Cancel by");
    expect(refund!.subject).toBe("Your refund for Changed mind");
    // "You're in: Free change" has nothing left to say.
    expect(more).toEqual([]);
  });

  it("a confirmation written after the game was cancelled says that, before the cancel's own mail", async () => {
    const game = await insertGame(context, { title: "Rained out" });
    const uma = await playerWithCard(context, { firstName: "Uma" });
    const start = context.mail.mails.length;
    expect((await join(uma.client, game.id, { role: "player", paymentMethodId: uma.card.id })).status).toBe(201);
    expect((await admin.json("POST", `/api/events/${game.id}/cancel`, {})).status).toBe(200);
    await drain();
    const [confirmed, cancelled, ...more] = mailsTo(uma.email, start);
    expect(more).toEqual([]);
    expect(confirmed!.subject).toBe("Payment confirmed: Rained out");
    expect(confirmed!.text).toContain("The game has since been cancelled: its cancellation mail says what comes back to your card.");
    expect(confirmed!.text).not.toContain("given up");
    expect(confirmed!.text).not.toContain("Refund if you cancel");
    expect(cancelled!.text).toContain("Your payment of $10.00 is refunded in full to your card.");
  });
});

describe("order within a batch", () => {
  /** The batch the wrong way round (pg-boss returns a batch in no particular order). */
  const newestFirst = (jobs: MailJob[]) => [...jobs].sort((a, b) => b.createdOn!.getTime() - a.createdOn!.getTime());

  /** Pia pays for a party, removes a guest and cancels; Quinn pays: four jobs, three of them Pia's. */
  async function fourJobs(title: string) {
    const game = await insertGame(context, { title, maxPlayers: 6, maxGuestsPerPlayer: 1 });
    const pia = await playerWithCard(context, { firstName: "Pia" });
    const quinn = await playerWithCard(context, { firstName: "Quinn" });
    expect((await join(pia.client, game.id, { role: "player", paymentMethodId: pia.card.id, guests: [{ firstName: "Sam" }] })).status).toBe(201);
    await removeGuest(pia.client, game.id);
    const quinnJoined = await join(quinn.client, game.id, { role: "player", paymentMethodId: quinn.card.id });
    expect(quinnJoined.status).toBe(201);
    await cancelSpot(pia.client, game.id);
    const jobs = await queued();
    expect(jobs.map((job) => job.data.kind).sort()).toEqual(["guest_removed", "payment_confirmed", "payment_confirmed", "refund"]);
    const isQuinns = (job: MailJob) => "registrationId" in job.data && job.data.registrationId === quinnJoined.body.registration!.id;
    return { pia, quinn, jobs, isQuinns };
  }

  it("sends one person's mails in the order of what they report, however pg-boss hands the batch out", async () => {
    const { pia, quinn, jobs } = await fourJobs("In order");
    const mailer = recordingMailer();
    await drain({ jobs: newestFirst(jobs), mailer });
    expect(mailer.sent.filter((mail) => mail.to === pia.email).map((mail) => mail.subject)).toEqual([
      "Payment confirmed: In order",
      "Sam is no longer in your party for In order",
      "Your refund for In order",
    ]);
    expect(mailer.sent.filter((mail) => mail.to === quinn.email).map((mail) => mail.subject)).toEqual(["Payment confirmed: In order"]);
  });

  it("when one of a person's mails fails, their later ones are retried with it; another person's go", async () => {
    const { pia, quinn, jobs, isQuinns } = await fourJobs("Held back");
    // Pia's first mail is refused by the mail server: her receipt and refund must not go before it.
    const mailer = recordingMailer((mail) => mail.to === pia.email && mail.subject.startsWith("Payment confirmed"));
    await drain({ jobs: newestFirst(jobs), mailer });
    expect(mailer.sent.map((mail) => mail.to)).toEqual([quinn.email]);
    for (const job of jobs) {
      const state = (await boss().getJobById(REGISTRATION_MAIL_QUEUE, job.id))!.state;
      expect(state, job.data.kind).toBe(isQuinns(job) ? "completed" : "retry");
    }
  });
});

describe("order across batches", () => {
  it("a person's mail waits while an earlier one is held elsewhere (a killed worker's), then goes after it; another person's go", async () => {
    const game = await insertGame(context, { title: "Behind a crash", maxPlayers: 6, maxGuestsPerPlayer: 1 });
    const pia = await playerWithCard(context, { firstName: "Pia" });
    const quinn = await playerWithCard(context, { firstName: "Quinn" });
    const piaJoined = await join(pia.client, game.id, { role: "player", paymentMethodId: pia.card.id, guests: [{ firstName: "Sam" }] });
    expect(piaJoined.status).toBe(201);
    await removeGuest(pia.client, game.id);
    expect((await join(quinn.client, game.id, { role: "player", paymentMethodId: quinn.card.id })).status).toBe(201);
    await cancelSpot(pia.client, game.id);
    const jobs = await queued();
    // Pia's Payment confirmed was taken by a worker that then died: the job stays active, outside any batch.
    const isPias = (job: MailJob) => "registrationId" in job.data && job.data.registrationId === piaJoined.body.registration!.id;
    const held = jobs.find((job) => isPias(job) && job.data.kind === "payment_confirmed")!;
    const rest = jobs.filter((job) => job.id !== held.id);

    const mailer = recordingMailer();
    await drain({ jobs: rest, mailer });
    // Quinn's goes; Pia's receipt and refund are queued again, unchanged, to go after her confirmation.
    expect(mailer.sent.map((mail) => mail.to)).toEqual([quinn.email]);
    const pool = context.services.database.pool;
    const { rows: copies } = await pool.query<{ kind: string; due_later: boolean }>(
      `select data->>'kind' as kind, start_after > now() as due_later from pgboss.job where name = $1 and state = 'created' order by data->>'kind'`,
      [REGISTRATION_MAIL_QUEUE],
    );
    expect(copies).toEqual([
      { kind: "guest_removed", due_later: true },
      { kind: "refund", due_later: true },
    ]);

    // Once the confirmation is sent, the two follow it, in order.
    await drain({ jobs: [held], mailer });
    // Their wait over (15 s), as if that long had passed.
    await pool.query(`update pgboss.job set start_after = now() - interval '1 second' where name = $1 and state = 'created'`, [REGISTRATION_MAIL_QUEUE]);
    await drain({ mailer });
    expect(mailer.sent.filter((mail) => mail.to === pia.email).map((mail) => mail.subject)).toEqual([
      "Payment confirmed: Behind a crash",
      "Sam is no longer in your party for Behind a crash",
      "Your refund for Behind a crash",
    ]);
  });
});

/** The registration's succeeded charge, once the promotion job has made it. */
async function eventuallyRow(registrationId: string, what: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const charge = (await ledgerOf(context, registrationId)).find((row) => row.kind === "charge" && row.status === "succeeded");
    if (charge) return charge;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Drains until `email` has a mail whose subject is `subject` (a job queued by a background job may come a moment later). */
async function drainUntil(email: string, after: number, subject: string) {
  const deadline = Date.now() + 20_000;
  while (!mailsTo(email, after).some((mail) => mail.subject === subject)) {
    if (Date.now() > deadline) throw new Error(`no "${subject}" to ${email}`);
    await drain();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
