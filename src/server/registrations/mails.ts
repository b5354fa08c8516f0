import { and, count, eq, lte } from "drizzle-orm";
import { guestDisplayName } from "#shared/guests.ts";
import type { Language } from "#shared/language.ts";
import { type LedgerEntry, NO_FEE, summarizeLedger } from "#shared/ledger.ts";
import { formatCents } from "#shared/money.ts";
import { holdsSpot } from "#shared/registrations.ts";
import { gameCalendarAttachment } from "#server/calendar/game-attachment.ts";
import type { Db } from "#server/db/client.ts";
import { event, payment, registration, registrationGuest, user } from "#server/db/schema.ts";
import { formatEventWhen } from "#server/events/describe-event.ts";
import { storedReasonIn } from "#server/money/processors/decline-text.ts";
import { translatorFor } from "#server/i18n/translate.ts";
import { mailLanguage } from "#server/mail/mail-language.ts";
import type { Mail } from "#server/mail/mailer.ts";
import { digest, messageIdOf } from "#server/mail/message-id.ts";
import { partyGuestsOf, readLedger } from "#server/money/read-money.ts";
import { mailButton, mailDetails, mailHtml, mailParagraphs, mailSpelledLink } from "#server/mail/templates.ts";
import { composeAccountDeletionMail } from "./account-deletion-mail.ts";
import { type PolicyFacts, spotCancelPolicy } from "./cancel-policy-text.ts";
import type { RegistrationMailJob } from "./jobs.ts";
import { waitlistMailContent } from "./waitlist-mail.ts";
import { gameOnMailContent } from "./game-on-mails.ts";

interface MailContext {
  appName: string;
  publicUrl: string;
  feeRule: { feePercent: number; feeFixedCents: number };
  /** The configured currency every amount is written in. */
  payments: { currency: string };
}

type EventRow = typeof event.$inferSelect;
type Detail = [string, string];

/** Everything a refund row gave back once written: pending, settled or refused since (a refused one is retried by admins). */
const writtenCents = (rows: readonly LedgerEntry[]) => {
  const sum = summarizeLedger(rows, NO_FEE);
  return sum.refundedCents + sum.refundPendingCents + sum.refundFailedCents;
};

/**
 * The mail a registration job describes, in the recipient's language (`user.language`, English when
 * never chosen), telling the moment the job reports (docs/mails.md): the ledger rows it names, whose
 * amounts never change, and what the job carries of that moment; only whether the spot is still held
 * is read as it is now. Null when there is nobody to send it to any more (the account was deleted),
 * or when it has nothing left to say (a free spot given up before its mail was written).
 */
export async function composeRegistrationMail(db: Db, context: MailContext, job: RegistrationMailJob): Promise<Mail | null> {
  if (job.kind === "account_deleted") return composeAccountDeletionMail(db, context, job);
  if (job.kind === "event_cancelled") return composeCancelledMail(db, context, job);
  if (job.kind === "event_changed") {
    const [row] = await db.select().from(event).where(eq(event.id, job.eventId));
    const [person] = await db.select({ email: user.email, language: user.language }).from(user).where(eq(user.id, job.userId));
    if (!row || !person) return null;
    const language = mailLanguage(person.language);
    const t = translatorFor(language);
    // A job queued before the changes were written in each language has the English ones only.
    const changes = job.changesIn?.[language] ?? job.changes;
    return mail(context, row, person.email, language, {
      // One mail per edit and person: the edit is known by its moment and what it changed (two edits
      // making the same change, back and forth, are two mails).
      messageId: messageIdOf(context.publicUrl, `event_changed.${row.id}.${job.userId}.${digest(`${job.asOf ?? ""}${JSON.stringify(job.changes)}`)}`),
      subject: t("mail.changed.subject", { title: row.title }),
      paragraphs: [
        t("mail.changed.intro", { title: row.title }),
        ...changes.map((change) => t("mail.common.detail", { label: change.label, value: `${change.before} → ${change.after}` })),
        ...(job.priceChanged ? [t("mail.changed.priceForNew")] : []),
        t("mail.changed.outro"),
      ],
    });
  }

  const [row] = await db
    .select({ reg: registration, game: event, email: user.email, language: user.language, reminders: user.notifyGameReminders })
    .from(registration)
    .innerJoin(event, eq(event.id, registration.eventId))
    .innerJoin(user, eq(user.id, registration.userId))
    .where(eq(registration.id, job.registrationId));
  if (!row) return null;
  const { reg, game, email } = row;
  const language = mailLanguage(row.language);
  const t = translatorFor(language);
  const money = (cents: number) => formatCents(cents, context.payments.currency, language);
  const messageId = (key: string) => messageIdOf(context.publicUrl, key);
  // The rows this mail reports, whose amounts never change: a mail sent late tells the same sums.
  const ledger = await readLedger(db, { registrationIds: [reg.id] });
  const byId = (id: string | undefined) => (id ? ledger.find((entry) => entry.id === id) : undefined);
  const succeededCharge = () => ledger.find((entry) => entry.kind === "charge" && entry.status === "succeeded");
  // The spot given up (or the game cancelled) since the moment this mail reports: said, so the mail
  // is not read as news, and its cancel policy left out (docs/mails.md, "Stale mails").
  const since = holdsSpot(reg.status) ? null : reg.closedReason === "event_cancelled" ? t("mail.sinceCancelled") : t("mail.sinceGivenUp");
  const facts = (priceCents: number): PolicyFacts => ({ game, priceCents, currency: context.payments.currency, feeRule: context.feeRule, now: new Date(), language });
  const card: Detail[] = reg.cardLabel ? [[t("mail.common.card"), reg.cardLabel]] : [];
  // The guests the party had at the job's moment (the amount covers them, docs/guests.md); guests are
  // only ever added when joining, so those not removed before that moment.
  const guestsThen = async (): Promise<Detail[]> => {
    const asOf = job.asOf ? new Date(job.asOf) : null;
    const names = ((await partyGuestsOf(db, [reg.id])).get(reg.id) ?? [])
      .filter((guest) => (asOf ? guest.removedAt === null || guest.removedAt.getTime() >= asOf.getTime() : guest.status === "active"))
      .map(guestDisplayName);
    return guestsDetail(names);
  };
  const guestsDetail = (names: readonly string[]): Detail[] => (names.length > 0 ? [[t("mail.common.guests"), names.join(", ")]] : []);
  // A held spot's mails carry the game's .ics, so the game lands in the player's calendar.
  const withCalendar = (spotMail: Mail): Mail => ({ ...spotMail, attachments: [gameCalendarAttachment(context, game, { language, alarms: row.reminders })] });
  /** A spot's receipt: the policy of the amount it reports, or, given up since, a word saying so instead. */
  const spotMail = async (content: { key: string; subject: string; paragraphs: string[]; chargedCents: number }) => {
    const policy = spotCancelPolicy(facts(content.chargedCents));
    return withCalendar(
      mail(context, game, email, language, {
        messageId: messageId(content.key),
        subject: content.subject,
        paragraphs: [...content.paragraphs, since ?? policy.paragraph],
        amountLine: content.chargedCents > 0 ? money(content.chargedCents) : undefined,
        moreDetails: [...(await guestsThen()), ...(content.chargedCents > 0 ? card : []), ...(since ? [] : policy.details)],
      }),
    );
  };

  switch (job.kind) {
    case "hold_placed":
    case "hold_released":
    case "hold_failed":
    case "game_on": {
      const content = await gameOnMailContent(db, job, { reg, game, language, t, money });
      if (!content) return null;
      if (content.shape === "spot") return spotMail(content);
      return withCalendar(mail(context, game, email, language, { messageId: messageId(content.key), subject: content.subject, paragraphs: content.paragraphs, moreDetails: card }));
    }
    case "payment_confirmed": {
      // What was charged, whatever the party holds now (a guest removed since has a receipt of their own).
      const charge = byId(job.chargeId) ?? succeededCharge();
      const charged = charge?.amountCents ?? reg.amountCents;
      return spotMail({
        key: `payment_confirmed.${reg.id}`,
        subject: t("mail.paymentConfirmed.subject", { title: game.title }),
        paragraphs: [t("mail.paymentConfirmed.intro", { role: reg.role, title: game.title, amount: money(charged) })],
        chargedCents: charged,
      });
    }
    case "promoted": {
      const charge = byId(job.chargeId) ?? succeededCharge();
      const charged = charge?.amountCents ?? 0;
      // A free spot given up since has nothing left to say; a charge is recorded whatever happened after.
      if (since && charged === 0) return null;
      return spotMail({
        key: `promoted.${reg.id}`,
        subject: t("mail.promoted.subject", { title: game.title }),
        paragraphs: [t("mail.promoted.intro", { title: game.title, role: reg.role }), charged > 0 ? t("mail.promoted.charged", { amount: money(charged) }) : t("mail.promoted.free")],
        chargedCents: charged,
      });
    }
    case "joined": {
      // A free spot already given up has nothing left to say.
      if (since) return null;
      return spotMail({ key: `joined.${reg.id}`, subject: t("mail.joined.subject", { title: game.title }), paragraphs: [t("mail.joined.intro", { title: game.title, role: reg.role })], chargedCents: 0 });
    }
    case "waitlisted": {
      const place = reg.status === "waitlisted" ? await waitlistPlace(db, reg) : null;
      // The consent as it was given: the amount, the card and the guests of its moment, carried by the
      // job (a guest removed or a card changed since does not rewrite the record).
      const consented = { ...reg, amountCents: job.amountCents ?? reg.amountCents, cardLabel: job.cardLabel === undefined ? reg.cardLabel : job.cardLabel };
      // A free place already promoted or left by the time this is written has nothing left to say;
      // a paid one still gets its record of the consent given.
      if (place === null && consented.amountCents === 0) return null;
      const content = waitlistMailContent({ game, reg: consented, place, facts: facts(consented.amountCents), gameUrl: gameUrl(context, game) });
      const guests = job.guests ? guestsDetail(job.guests) : await guestsThen();
      return mail(context, game, email, language, { messageId: messageId(`waitlisted.${reg.id}`), ...content, moreDetails: [...guests, ...content.moreDetails] });
    }
    case "promotion_failed": {
      const charge = byId(job.chargeId) ?? ledger.find((entry) => entry.kind === "charge");
      const [failure] = charge ? await db.select({ error: payment.error }).from(payment).where(eq(payment.id, charge.id)) : [];
      // The processor's reason is stored in English (its decline message, a record): worded by its key (decline-text.ts).
      const reason = failure?.error ? storedReasonIn(failure.error, language) : null;
      return mail(context, game, email, language, {
        messageId: messageId(`promotion_failed.${reg.id}`),
        subject: t("mail.promotionFailed.subject", { title: game.title }),
        paragraphs: [
          reason
            ? t("mail.promotionFailed.introWithReason", { title: game.title, amount: money(charge?.amountCents ?? reg.amountCents), reason })
            : t("mail.promotionFailed.intro", { title: game.title, amount: money(charge?.amountCents ?? reg.amountCents) }),
          t("mail.promotionFailed.released"),
          t("mail.promotionFailed.rejoin"),
        ],
      });
    }
    case "late_charge_refunded": {
      // The charge that landed and the refund of all of it, each its own row.
      const charge = byId(job.chargeId) ?? succeededCharge();
      const refund = byId(job.refundId) ?? ledger.find((entry) => entry.kind === "refund" && entry.reason === "late_charge");
      const charged = charge?.amountCents ?? reg.amountCents;
      return mail(context, game, email, language, {
        messageId: messageId(`late_charge_refunded.${reg.id}`),
        subject: t("mail.lateChargeRefunded.subject", { title: game.title }),
        paragraphs: [
          t(reg.closedReason === "event_cancelled" ? "mail.lateChargeRefunded.introGameCancelled" : "mail.lateChargeRefunded.intro", { amount: money(charged), title: game.title }),
          t("mail.lateChargeRefunded.refund", { amount: money(refund?.amountCents ?? charged) }),
        ],
        amountLine: money(charged),
      });
    }
    case "refund": {
      // What was charged, this refund (its row), and what went back before it for guests removed
      // (each guest's own refund, written while the party held its spot, so before its release); the
      // fee is what was never owed back, so the figures add up: paid = fee + refunded.
      const row = byId(job.refundId) ?? ledger.find((entry) => entry.kind === "refund" && entry.guestId === null);
      const refund = row?.amountCents ?? reg.refundedCents ?? 0;
      const paid = summarizeLedger(ledger.filter((entry) => entry.kind === "charge"), NO_FEE).chargedCents;
      const earlier = summarizeLedger(ledger.filter((entry) => entry.kind === "refund" && entry.guestId !== null && entry.id !== row?.id), NO_FEE);
      return mail(context, game, email, language, {
        messageId: messageId(row ? `refund.${row.id}` : `refund.registration.${reg.id}`),
        subject: t("mail.refund.subject", { title: game.title }),
        paragraphs: [
          t("mail.refund.intro", { title: game.title }),
          t("mail.refund.figures", { paid: money(paid), fee: money(paid - refund - earlier.backCents - earlier.refundFailedCents), refund: money(refund + earlier.backCents) }),
          ...(earlier.backCents > 0 ? [t("mail.refund.earlier", { amount: money(earlier.backCents) })] : []),
        ],
      });
    }
    case "guest_removed": {
      const [guest] = await db.select().from(registrationGuest).where(and(eq(registrationGuest.id, job.guestId), eq(registrationGuest.registrationId, reg.id)));
      if (!guest) return null;
      const name = guestDisplayName(guest);
      const row = byId(job.refundId) ?? ledger.find((entry) => entry.kind === "refund" && entry.guestId === guest.id);
      const refund = row?.amountCents ?? 0;
      return mail(context, game, email, language, {
        messageId: messageId(`guest_removed.${guest.id}`),
        subject: t("mail.guestRemoved.subject", { name, title: game.title }),
        paragraphs: [
          t("mail.guestRemoved.intro", { name, title: game.title }),
          refund > 0
            ? t("mail.guestRemoved.refund", { refund: money(refund), share: money(guest.shareCents), fee: money(guest.shareCents - refund) })
            : t("mail.guestRemoved.nothing", { name, share: money(guest.shareCents) }),
        ],
        moreDetails: [
          [t("mail.guestRemoved.shareLabel"), money(guest.shareCents)],
          [t("mail.guestRemoved.backLabel"), money(refund)],
          ...card,
        ],
      });
    }
  }
}

/**
 * The admin cancel's mail to one person: the refunds that cancel wrote for them (carried by the job;
 * older jobs: their registrations' `admin_cancel` refunds), never an earlier refund of theirs, and
 * what those parties had been charged, so a party that had already had a guest's share back is told
 * that the rest is what comes back.
 */
async function composeCancelledMail(db: Db, context: MailContext, job: Extract<RegistrationMailJob, { kind: "event_cancelled" }>): Promise<Mail | null> {
  const [row] = await db.select().from(event).where(eq(event.id, job.eventId));
  const [person] = await db.select({ email: user.email, language: user.language }).from(user).where(eq(user.id, job.userId));
  if (!row || !person) return null;
  const language = mailLanguage(person.language);
  const t = translatorFor(language);
  const money = (cents: number) => formatCents(cents, context.payments.currency, language);
  const refunds = job.refundIds
    ? await readLedger(db, { paymentIds: job.refundIds })
    : await readLedger(db, { registrationIds: await registrationsOf(db, row.id, job.userId) }).then((rows) => rows.filter((entry) => entry.kind === "refund" && entry.reason === "admin_cancel"));
  const refunded = writtenCents(refunds);
  const charged = summarizeLedger(
    (await readLedger(db, { registrationIds: [...new Set(refunds.map((entry) => entry.registrationId))] })).filter((entry) => entry.kind === "charge"),
    NO_FEE,
  ).chargedCents;
  const told =
    refunded === 0
      ? t(job.holdReleased ? "mail.cancelled.holdReleased" : "mail.cancelled.nothingCharged")
      : refunded >= charged
        ? t("mail.cancelled.refunded", { amount: money(refunded) })
        : t("mail.cancelled.refundedHeld", { amount: money(refunded), paid: money(charged) });
  return mail(context, row, person.email, language, {
    messageId: messageIdOf(context.publicUrl, `event_cancelled.${row.id}.${job.userId}`),
    subject: t("mail.cancelled.subject", { title: row.title }),
    paragraphs: [
      t("mail.cancelled.intro", { title: row.title }),
      ...(job.notEnough ? [t("mail.cancelled.notEnough", job.notEnough)] : []),
      told, t("mail.cancelled.closed"),
      ...(job.message ? [t("mail.cancelled.organiserMessage", { message: job.message })] : []),
    ],
  });
}

async function registrationsOf(db: Db, eventId: string, userId: string): Promise<string[]> {
  const rows = await db.select({ id: registration.id }).from(registration).where(and(eq(registration.eventId, eventId), eq(registration.userId, userId)));
  return rows.map((reg) => reg.id);
}

/** 1-based place of a waitlisted registration in its role's waitlist, as the event page counts it. */
async function waitlistPlace(db: Db, reg: typeof registration.$inferSelect): Promise<number> {
  const [row] = await db
    .select({ ahead: count() })
    .from(registration)
    .where(
      and(
        eq(registration.eventId, reg.eventId),
        eq(registration.role, reg.role),
        eq(registration.status, "waitlisted"),
        lte(registration.position, reg.position),
      ),
    );
  return row?.ahead ?? 1;
}

const gameUrl = (context: MailContext, game: EventRow) => `${context.publicUrl}/event/${game.id}`;

function mail(
  context: MailContext,
  game: EventRow,
  to: string,
  language: Language,
  content: { subject: string; paragraphs: string[]; amountLine?: string; moreDetails?: [string, string][]; messageId?: string },
): Mail {
  const t = translatorFor(language);
  const url = gameUrl(context, game);
  const when = formatEventWhen(game, language);
  const where = game.field ? t("mail.common.placeWithField", { location: game.locationName, field: game.field }) : game.locationName;
  const details: [string, string][] = [
    [t("mail.common.game"), game.title],
    [t("mail.common.when"), when],
    [t("mail.common.where"), where],
    ...(content.amountLine ? ([[t("mail.common.amount"), content.amountLine]] as [string, string][]) : []),
    ...(content.moreDetails ?? []),
  ];
  const text = [
    ...content.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...details.map(([label, value]) => t("mail.common.detail", { label, value })),
    "",
    t("mail.common.seeGameLink", { url }),
    "",
    `— ${context.appName}`,
  ].join("\n");
  const html = mailHtml(context.appName, [
    mailParagraphs(content.paragraphs),
    mailDetails(details),
    `<p>${mailButton(t("mail.common.seeGame"), url)}</p>`,
    mailSpelledLink(t("mail.common.openLink"), url),
  ]);
  // A push beside it tells its first line (push-after-mail.ts).
  const news = { game: { id: game.id, startsAt: game.startsAt }, headline: content.paragraphs[0] ?? content.subject, path: `/event/${game.id}` };
  return { to, subject: content.subject, text, html, news, ...(content.messageId && { messageId: content.messageId }) };
}
