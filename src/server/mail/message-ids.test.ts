import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "#test/database.ts";
import { accountExistsMail, resetPasswordMail, verificationMail } from "#server/auth/account-mails.ts";
import type { Database } from "#server/db/client.ts";
import { toEventSummary } from "#server/events/event-summary.ts";
import { insertEvent } from "#test/seed-events.ts";
import { mailboxRoutes } from "./mailbox-routes.ts";
import { createLocalMailer, listMailbox } from "./mailer.ts";
import { newEventMail } from "#server/events/new-event-mail.ts";

/**
 * Message-IDs made from a mail's kind and key (docs/mails.md): the same mail is the same message
 * whenever it is sent, so one sent again after a crash is shown once; different mails differ. The
 * registration and money mails' ids are checked where they are sent (registrations/money-mails.test.ts).
 */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe("account and announcement mails", () => {
  it("a verification or reset mail's id is made from its own link; an account-exists mail gets one of its own when written", () => {
    const verify = verificationMail("Kickoff", "a@example.com", "https://kickoff.test/api/auth/verify-email?token=one");
    expect(verify.messageId).toMatch(/^<account\.[0-9a-f]{16}@kickoff\.test>$/);
    expect(verificationMail("Kickoff", "a@example.com", "https://kickoff.test/api/auth/verify-email?token=one").messageId).toBe(verify.messageId);
    expect(verificationMail("Kickoff", "a@example.com", "https://kickoff.test/api/auth/verify-email?token=two").messageId).not.toBe(verify.messageId);
    expect(resetPasswordMail("Kickoff", "a@example.com", "https://kickoff.test/reset-password/three").messageId).toMatch(/@kickoff\.test>$/);
    // Two sign-ups with a known address are two mails (their links are the same): each its own id,
    // written with the mail, which its job carries whole.
    const exists = () => accountExistsMail({ appName: "Kickoff", to: "a@example.com", publicUrl: "https://kickoff.test" }).messageId;
    expect(exists()).toMatch(/^<account\.[0-9a-f-]{36}@kickoff\.test>$/);
    expect(exists()).not.toBe(exists());
  });

  it("a new game's announcement: one id per game, audience and person", async () => {
    const game = await insertEvent(database.db, { title: "Sunday league" });
    const write = (to: string, regularsFirst = false) =>
      newEventMail({
        appName: "Kickoff",
        currency: "usd",
        to,
        event: toEventSummary({ ...game, spotsTaken: 0, goalkeeperSpotsTaken: 0 } as never),
        eventUrl: `https://kickoff.test/event/${game.id}`,
        unsubscribeUrl: "https://kickoff.test/unsubscribe",
        regularsFirst,
      }).messageId;
    expect(write("a@example.com")).toMatch(new RegExp(`^<new_event\\.${game.id}\\.[0-9a-f]{16}@kickoff\\.test>$`));
    expect(write("A@example.com ")).toBe(write("a@example.com"));
    expect(write("b@example.com")).not.toBe(write("a@example.com"));
    expect(write("a@example.com", true)).toMatch(/^<new_event_regulars\./);
  });
});

describe("the local mailbox (development without SMTP)", () => {
  it("keeps a mail's Message-ID, shows it, and shows a mail sent again under the same id once", async () => {
    const printed: string[] = [];
    const mailer = createLocalMailer(database.db, (line) => printed.push(line));
    const mail = { to: "pia@example.com", subject: "Your refund for Mail night", text: "$19.12 back", html: "<p>$19.12 back</p>", messageId: "<refund.abc@kickoff.test>" };
    await mailer.send(mail);
    await mailer.send(mail);
    await mailer.send({ ...mail, messageId: "<refund.def@kickoff.test>" });
    await mailer.send({ ...mail, messageId: undefined });
    const kept = (await listMailbox(database.db)).filter((message) => message.to === "pia@example.com");
    expect(kept).toHaveLength(3);
    expect(printed.filter((line) => line.includes("already in the mailbox"))).toHaveLength(1);

    const routes = mailboxRoutes(database.db);
    const shown = await Promise.all(kept.map(async (message) => (await routes.request(`/${message.id}`)).text()));
    expect(shown.filter((page) => page.includes("<code>&lt;refund.abc@kickoff.test&gt;</code>"))).toHaveLength(1);
    expect(shown.filter((page) => page.includes("<code>&lt;refund.def@kickoff.test&gt;</code>"))).toHaveLength(1);
    expect(shown.filter((page) => page.includes("Message-ID"))).toHaveLength(2);
    for (const page of shown) expect(page).toContain("<p>$19.12 back</p>");
  });
});
