import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toEventSummary } from "#server/events/event-summary.ts";
import { DEFAULT_FEE } from "#shared/money.ts";
import { createTestContext, TestClient, TEST_PASSWORD, type TestContext, uniqueEmail } from "#test/test-app.ts";
import { accountExistsMail, resetPasswordMail, verificationMail } from "#server/auth/account-mails.ts";
import { payment, registration, registrationGuest, user } from "#server/db/schema.ts";
import { describeChanges } from "#server/registrations/edit-event.ts";
import { insertEvent, insertUser } from "#test/seed-events.ts";
import { composeRegistrationMail } from "#server/registrations/mails.ts";
import { reminderMail } from "#server/reminders/reminder-mail.ts";
import { newEventMail } from "#server/events/new-event-mail.ts";

/**
 * Every mail kind written for a French-speaking recipient (`user.language = "fr"`): subject, a line
 * of the body, dates in fr-CA with the 24-hour clock and the zone named in French, money the French
 * way. The English of each is checked, unchanged, by the mail tests beside each sender.
 */
let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context?.close();
});

// Saturday June 15, 2030, 19:00 in New York (90 minutes): the cancel deadline is the Friday, same time.
const KICK_OFF = new Date("2030-06-15T23:00:00Z");
const WHEN = "Quand : sam. 15 juin 2030, 19 h 00 – 20 h 30 (heure de l’Est)";
const DEADLINE = "vendredi 14 juin 2030 à 19 h 00, heure de l’Est";

async function frenchUser() {
  const person = await insertUser(context.database.db);
  await context.database.db.update(user).set({ language: "fr" }).where(eq(user.id, person.id));
  return person;
}

async function game(overrides: Parameters<typeof insertEvent>[1] = {}) {
  return insertEvent(context.database.db, { title: "Soccer du samedi", startsAt: KICK_OFF, field: "3", ...overrides });
}

/**
 * A registration as the flows leave it: a paid spot (held, given back, or released after its charge
 * landed) with its succeeded charge, and its refund when one was recorded; the mails read the ledger.
 */
async function registrationOf(values: Partial<typeof registration.$inferInsert> & { eventId: string; userId: string }, options: { charged?: boolean } = {}) {
  const [row] = await context.database.db
    .insert(registration)
    .values({ role: "player", status: "confirmed", amountCents: 1000, cardLabel: "Visa •••• 4242", ...values })
    .returning();
  const reg = row!;
  const ledgerRow = { registrationId: reg.id, eventId: reg.eventId, userId: reg.userId, currency: "cad", status: "succeeded" as const };
  if ((options.charged ?? true) && reg.amountCents > 0 && reg.status !== "waitlisted") {
    await context.database.db.insert(payment).values({ ...ledgerRow, kind: "charge", amountCents: reg.amountCents, idempotencyKey: `charge:${reg.id}` });
  }
  if (reg.refundedCents) {
    await context.database.db.insert(payment).values({ ...ledgerRow, kind: "refund", reason: "player_cancel", amountCents: reg.refundedCents, idempotencyKey: `refund:${reg.id}` });
  }
  return reg;
}

/** French money keeps Intl's no-break space ("12,50 $"); the expectations below write a plain one. */
function plain<T extends { text: string; html: string }>(mail: T): T {
  return { ...mail, text: mail.text.replace(/\u00a0/g, " "), html: mail.html.replace(/\u00a0/g, " ") };
}

const compose = (job: Parameters<typeof composeRegistrationMail>[2]) =>
  composeRegistrationMail(context.database.db, { ...context.config, feeRule: DEFAULT_FEE }, job).then((mail) => {
    if (!mail) throw new Error(`no mail for ${job.kind}`);
    return plain(mail);
  });

describe("account mails", () => {
  it("verification, password reset and account-exists in French", () => {
    const verify = verificationMail("Kickoff", "a@example.com", "https://kickoff.test/verify", "fr");
    expect(verify.subject).toBe("Confirmez votre adresse courriel pour Kickoff");
    expect(verify.text).toContain("Bienvenue sur Kickoff ! Veuillez confirmer que cette adresse courriel est bien la vôtre.");
    expect(verify.text).toContain("Confirmer l’adresse : https://kickoff.test/verify");
    expect(verify.html).toContain("Ou ouvrez ce lien :");
    const reset = resetPasswordMail("Kickoff", "a@example.com", "https://kickoff.test/reset", "fr");
    expect(reset.subject).toBe("Réinitialisez votre mot de passe Kickoff");
    expect(reset.text).toContain("votre mot de passe reste le même.");
    const exists = accountExistsMail({ appName: "Kickoff", to: "a@example.com", publicUrl: "https://kickoff.test", language: "fr" });
    expect(exists.subject).toBe("Vous avez déjà un compte Kickoff");
    expect(exists.text).toContain("Se connecter : https://kickoff.test/");
  });

  it("a sign-up from a French browser gets its verification mail in French; an English one in English", async () => {
    const signUp = (email: string, language: string) =>
      new TestClient(context).request(
        "POST",
        "/api/auth/sign-up/email",
        { email, password: TEST_PASSWORD, name: "ignored", firstName: "Léa", lastName: "Tremblay", callbackURL: "/" },
        { "accept-language": language },
      );
    const french = uniqueEmail("lea");
    expect((await signUp(french, "fr-CA,fr;q=0.9")).status).toBe(200);
    const mail = await context.mail.waitFor(french, "Confirmez votre adresse courriel");
    expect(mail.text).toContain("Bienvenue sur Kickoff !");
    const english = uniqueEmail("pat");
    expect((await signUp(english, "en-CA")).status).toBe(200);
    expect((await context.mail.waitFor(english, "Verify your email for Kickoff")).text).toContain("Welcome to Kickoff! Please confirm");
  });
});

describe("game mails", () => {
  it("a new game, in French", async () => {
    const row = await game({ costCents: 1250, includeGoalkeepers: true, maxGoalkeepers: 2, goalkeeperCostCents: 0 });
    const written = newEventMail({
      appName: "Kickoff",
      currency: "cad",
      to: "a@example.com",
      event: toEventSummary({ ...row, spotsTaken: 0, goalkeeperSpotsTaken: 0 } as never),
      eventUrl: "https://kickoff.test/event/1",
      unsubscribeUrl: "https://kickoff.test/unsubscribe",
      language: "fr",
    });
    expect(written.text).toContain("12,50\u00a0$");
    const mail = plain(written);
    expect(mail.subject).toBe("Nouvelle partie : Soccer du samedi");
    expect(mail.text).toContain(WHEN);
    expect(mail.text).toContain("Où : Riverside Park (terrain : 3)");
    expect(mail.text).toContain("Prix : 12,50 $ par joueur");
    expect(mail.text).toContain("Gardiens de but : 2 places de gardien de but, Gratuit");
    expect(mail.text).toContain("Se désabonner : https://kickoff.test/unsubscribe");
  });

  it("the reminders, in French", () => {
    const reminder = (kind: "24h" | "2h", now: Date) =>
      reminderMail({
        appName: "Kickoff",
        to: "a@example.com",
        kind,
        game: { id: "1", title: "Soccer du samedi", startsAt: KICK_OFF, endsAt: new Date(KICK_OFF.getTime() + 90 * 60_000), timeZone: "America/New_York", locationName: "Parc Jarry", field: null, latitude: null, longitude: null },
        gameUrl: "https://kickoff.test/event/1",
        unsubscribeUrl: "https://kickoff.test/unsubscribe",
        now,
        language: "fr",
      });
    const day = reminder("24h", new Date(KICK_OFF.getTime() - 23 * 3_600_000));
    expect(day.subject).toBe("Rappel : Soccer du samedi, samedi à 19 h 00");
    expect(day.text).toContain("Votre partie Soccer du samedi est dans 24 heures. On se voit sur le terrain !");
    expect(day.text).toContain("Quand : samedi 15 juin 2030, 19 h 00 – 20 h 30 (heure de l’Est)");
    expect(day.text).toContain("Une annulation maintenant n’est pas remboursée");
    const soon = reminder("2h", new Date(KICK_OFF.getTime() - 2 * 3_600_000));
    expect(soon.subject).toBe("Bientôt : Soccer du samedi à 19 h 00");
    expect(soon.html).toContain("Ne plus recevoir de rappels");
  });

  it("a game cancelled, and a game changed, in French", async () => {
    const row = await game();
    const person = await frenchUser();
    const cancelled = await compose({ kind: "event_cancelled", eventId: row.id, userId: person.id, message: "Terrain fermé." });
    expect(cancelled.subject).toBe("Annulée : Soccer du samedi");
    expect(cancelled.text).toContain("La partie Soccer du samedi a été annulée par l’organisateur.");
    expect(cancelled.text).toContain("Message de l’organisateur : Terrain fermé.");
    expect(cancelled.text).toContain(WHEN);

    const moved = { ...row, startsAt: new Date(KICK_OFF.getTime() + 3_600_000), endsAt: new Date(KICK_OFF.getTime() + 150 * 60_000), costCents: 1200 };
    const changed = await compose({
      kind: "event_changed",
      eventId: row.id,
      userId: person.id,
      changes: describeChanges(row, moved, "cad"),
      changesIn: { fr: describeChanges(row, moved, "cad", "fr") },
    });
    expect(changed.subject).toBe("Modifiée : Soccer du samedi");
    expect(changed.text).toContain("Quand : sam. 15 juin 2030, 19 h 00 – 20 h 30 → sam. 15 juin 2030, 20 h 00 – 21 h 30");
    expect(changed.text).toContain("Prix par joueur : 10,00 $ → 12,00 $");
  });
});

describe("registration mails", () => {
  it("payment confirmed, with the deadline and the refund in French", async () => {
    const row = await game({ costCents: 1200 });
    const person = await frenchUser();
    const reg = await registrationOf({ eventId: row.id, userId: person.id, amountCents: 1200 });
    const mail = await compose({ kind: "payment_confirmed", registrationId: reg.id });
    expect(mail.subject).toBe("Paiement confirmé : Soccer du samedi");
    expect(mail.text).toContain("Votre place de joueur dans Soccer du samedi est confirmée. Nous avons débité 12,00 $ sur votre carte.");
    expect(mail.text).toContain(`Annulez sur la page de la partie d’ici le ${DEADLINE} (24 heures avant le coup d’envoi) et vous récupérez 11,35 $`);
    expect(mail.text).toContain("Remboursement si vous annulez : 11,35 $ (12,00 $ moins 0,65 $ de frais de traitement)");
    expect(mail.text).toContain(WHEN);
    expect(mail.html).toContain("Voir la partie");
  });

  it("a free spot, a promotion and a waitlist place, in French", async () => {
    const row = await game({ costCents: 0 });
    const person = await frenchUser();
    const free = await registrationOf({ eventId: row.id, userId: person.id, amountCents: 0, role: "goalkeeper" });
    const joined = await compose({ kind: "joined", registrationId: free.id });
    expect(joined.subject).toBe("Vous avez une place : Soccer du samedi");
    expect(joined.text).toContain("vous êtes sur la liste des gardiens de but. Cette partie est gratuite.");
    expect(joined.text).toContain(`Date limite pour annuler : ${DEADLINE}`);

    const paidGame = await game();
    const promotedReg = await registrationOf({ eventId: paidGame.id, userId: person.id });
    const promoted = await compose({ kind: "promoted", registrationId: promotedReg.id });
    expect(promoted.text).toContain("Une place s’est libérée dans Soccer du samedi et elle est à vous : vous êtes maintenant sur la liste des joueurs.");
    expect(promoted.text).toContain("nous avons débité 10,00 $ sur votre carte enregistrée.");

    const waitGame = await game();
    const waiting = await registrationOf({ eventId: waitGame.id, userId: person.id, status: "waitlisted", consentToAutoCharge: true, waitlistedAt: new Date("2030-06-01T16:30:00Z") });
    const waitlisted = await compose({ kind: "waitlisted", registrationId: waiting.id });
    expect(waitlisted.subject).toBe("Votre place sur la liste d’attente et le paiement automatique : Soccer du samedi");
    expect(waitlisted.text).toContain("La liste des joueurs de Soccer du samedi est complète : vous êtes donc sur sa liste d’attente, au rang 1. Rien n’a été débité.");
    expect(waitlisted.text).toContain("Ce courriel est la trace de ce que vous avez accepté le samedi 1 juin 2030 à 12 h 30, heure de l’Est :");
    expect(waitlisted.text).toContain("« J’accepte que ma carte soit débitée automatiquement de 10,00 $ si une place se libère. »");
    expect(waitlisted.text).toContain(`Date limite pour retirer votre accord : ${DEADLINE}`);
  });

  it("a failed automatic charge, a late charge refunded and a refund, in French", async () => {
    const row = await game();
    const person = await frenchUser();
    const failedReg = await registrationOf({ eventId: row.id, userId: person.id, status: "cancelled" }, { charged: false });
    await context.database.db.insert(payment).values({
      registrationId: failedReg.id,
      eventId: row.id,
      userId: person.id,
      kind: "charge",
      status: "failed",
      amountCents: 1000,
      currency: "cad",
      idempotencyKey: randomUUID(),
      error: "Your card has insufficient funds.",
    });
    const failed = await compose({ kind: "promotion_failed", registrationId: failedReg.id });
    expect(failed.subject).toBe("Nous n’avons pas pu débiter votre carte pour Soccer du samedi");
    // The processor's reason, stored in English, is translated too.
    expect(failed.text).toContain("votre carte enregistrée n’a pas pu être débitée de 10,00 $ : Les fonds de votre carte sont insuffisants.");

    const late = await registrationOf({ eventId: row.id, userId: person.id, status: "cancelled", closedReason: "event_cancelled" });
    const lateMail = await compose({ kind: "late_charge_refunded", registrationId: late.id });
    expect(lateMail.subject).toBe("Votre paiement pour Soccer du samedi est remboursé");
    expect(lateMail.text).toContain("Votre paiement de 10,00 $ pour Soccer du samedi est passé après la libération de votre place (la partie a été annulée).");

    const refunded = await registrationOf({ eventId: row.id, userId: person.id, status: "cancelled", refundedCents: 941 });
    const refund = await compose({ kind: "refund", registrationId: refunded.id });
    expect(refund.subject).toBe("Votre remboursement pour Soccer du samedi");
    expect(refund.text).toContain("10,00 $ payés, 0,59 $ de frais de traitement, 9,41 $ remboursés sur votre carte.");
  });

  it("a removed guest's receipt, a refund after guests' refunds, a cancel of what a party held, and a receipt written late, in French", async () => {
    const row = await game();
    const person = await frenchUser();
    // A party of three paid 30,00 $; Sam (9,41 $ back) and Lou (a 0,50 $ share the fee covers) left; then the party was cancelled.
    const reg = await registrationOf({ eventId: row.id, userId: person.id, amountCents: 3000, guestCount: 2 });
    const ledgerRow = { registrationId: reg.id, eventId: row.id, userId: person.id, currency: "cad", kind: "refund" as const };
    const [sam, lou] = await context.database.db
      .insert(registrationGuest)
      .values([
        { registrationId: reg.id, ordinal: 1, firstName: "Sam", shareCents: 1000, status: "removed" as const, removedAt: new Date(), refundedCents: 941 },
        { registrationId: reg.id, ordinal: 2, firstName: "Lou", lastName: "Roy", shareCents: 50, status: "removed" as const, removedAt: new Date(), refundedCents: 0 },
      ])
      .returning();
    const [samRefund] = await context.database.db
      .insert(payment)
      .values({ ...ledgerRow, guestId: sam!.id, reason: "guest_removed", status: "succeeded", amountCents: 941, idempotencyKey: `refund-guest:${sam!.id}` })
      .returning();
    const receipt = await compose({ kind: "guest_removed", registrationId: reg.id, guestId: sam!.id, refundId: samRefund!.id });
    expect(receipt.subject).toBe("Sam ne fait plus partie de votre groupe pour Soccer du samedi");
    expect(receipt.text).toContain("9,41 $ de sa part de 10,00 $ sont remboursés sur votre carte : le processeur de paiement conserve 0,59 $ de frais de traitement.");
    expect(receipt.text).toContain("Remboursé sur votre carte : 9,41 $");
    const nothing = await compose({ kind: "guest_removed", registrationId: reg.id, guestId: lou!.id });
    expect(nothing.text).toContain("Rien n’est remboursé sur votre carte pour Lou Roy : les frais de traitement que le processeur de paiement conserve sur un remboursement atteignent toute sa part de 0,50 $.");

    // Still held, the receipt written now has its policy; given up since, it says so instead.
    expect((await compose({ kind: "payment_confirmed", registrationId: reg.id })).text).toContain("Nous avons débité 30,00 $ sur votre carte.");
    const [release] = await context.database.db
      .insert(payment)
      .values({ ...ledgerRow, reason: "player_cancel", status: "pending", amountCents: 1912, idempotencyKey: `refund:${reg.id}` })
      .returning();
    await context.database.db.update(registration).set({ status: "refunded", closedReason: "user_left", refundedCents: 1912 }).where(eq(registration.id, reg.id));
    const late = await compose({ kind: "payment_confirmed", registrationId: reg.id });
    expect(late.text).toContain("Vous avez depuis renoncé à cette place.");
    expect(late.text).not.toContain("Remboursement si vous annulez");
    const refund = await compose({ kind: "refund", registrationId: reg.id, refundId: release!.id });
    expect(refund.text).toContain("30,00 $ payés, 1,47 $ de frais de traitement, 28,53 $ remboursés sur votre carte.");
    expect(refund.text).toContain("Dont 9,41 $ déjà remboursés sur votre carte pour les invités que vous avez retirés.");

    // Another party, cancelled by the organiser after a guest's refund: the cancel refunded what it held.
    const other = await game();
    const held = await registrationOf({ eventId: other.id, userId: person.id, amountCents: 2000, status: "refunded", closedReason: "event_cancelled" }, { charged: false });
    await context.database.db.insert(payment).values({ ...ledgerRow, registrationId: held.id, eventId: other.id, kind: "charge", status: "succeeded", amountCents: 3000, idempotencyKey: `charge:${held.id}` });
    const [cancelRefund] = await context.database.db
      .insert(payment)
      .values({ ...ledgerRow, registrationId: held.id, eventId: other.id, reason: "admin_cancel", status: "pending", amountCents: 2000, idempotencyKey: `refund:${held.id}` })
      .returning();
    const cancelled = await compose({ kind: "event_cancelled", eventId: other.id, userId: person.id, refundIds: [cancelRefund!.id] });
    expect(cancelled.text).toContain("Sur votre paiement de 30,00 $, les 20,00 $ encore payés pour votre groupe vous sont remboursés en entier sur votre carte");
    const stale = await compose({ kind: "payment_confirmed", registrationId: held.id });
    expect(stale.text).toContain("La partie a depuis été annulée : le courriel d’annulation indique ce qui revient sur votre carte.");
  });

  it("an account deletion's refunds, in the language the account had", async () => {
    const row = await game();
    const person = await frenchUser();
    const reg = await registrationOf({ eventId: row.id, userId: person.id, status: "cancelled", refundedCents: 941 });
    const mail = await compose({ kind: "account_deleted", to: person.email, language: "fr", registrationIds: [reg.id] });
    expect(mail.subject).toBe("Votre compte Kickoff est supprimé : ce qui vous est remboursé");
    expect(mail.text).toContain("Partie : Soccer du samedi\nDate : sam. 15 juin 2030\nPayé : 10,00 $\nRemboursé : 9,41 $ (10,00 $ moins 0,59 $ de frais de traitement)");
    expect(mail.text).toContain("Au total, 9,41 $ vous est remboursé sur votre carte.");
    expect(mail.html).toContain("Remboursements par partie");
  });
});
