import { and, asc, count, eq, lte } from "drizzle-orm";
import { guestDisplayName } from "../../shared/guests.ts";
import type { Language } from "../../shared/language.ts";
import { formatCents } from "../../shared/money.ts";
import { holdsSpot } from "../../shared/registrations.ts";
import { gameCalendarAttachment } from "../calendar/game-attachment.ts";
import type { Db } from "../db/client.ts";
import { event, payment, registration, registrationGuest, user } from "../db/schema.ts";
import { formatEventWhen } from "../events/describe-event.ts";
import { translateServerMessage } from "../i18n/error-language.ts";
import { COMMON_MAIL_TEXTS, mailLanguage } from "../mail/i18n/common.ts";
import { REGISTRATION_MAIL_TEXTS } from "../mail/i18n/registration.ts";
import type { Mail } from "../mail/mailer.ts";
import { digest, messageIdOf } from "../mail/message-id.ts";
import { readLedger } from "../money/read-money.ts";
import { escapeHtml } from "../mail/templates.ts";
import { composeAccountDeletionMail } from "./account-deletion-mail.ts";
import { type PolicyFacts, spotCancelPolicy } from "./cancel-policy-text.ts";
import type { RegistrationMailJob } from "./jobs.ts";
import { waitlistMailContent } from "./waitlist-mail.ts";

interface MailContext {
  appName: string;
  publicUrl: string;
  feeRule: { feePercent: number; feeFixedCents: number };
  /** The configured currency every amount is written in. */
  payments: { currency: string };
}

type EventRow = typeof event.$inferSelect;

/**
 * The mail a registration job describes, written from the database as it is when sent, in the
 * recipient's language (`user.language`, English when never chosen); null when there is nobody to
 * send it to any more (the account was deleted).
 */
export async function composeRegistrationMail(db: Db, context: MailContext, job: RegistrationMailJob): Promise<Mail | null> {
  if (job.kind === "account_deleted") return composeAccountDeletionMail(db, context, job);
  if (job.kind === "event_cancelled") {
    const [row] = await db.select().from(event).where(eq(event.id, job.eventId));
    const [person] = await db.select({ email: user.email, language: user.language }).from(user).where(eq(user.id, job.userId));
    if (!row || !person) return null;
    const language = mailLanguage(person.language);
    const texts = REGISTRATION_MAIL_TEXTS[language].cancelled;
    // What this cancel refunds: its own rows (reason admin_cancel), never an earlier guest's refund or
    // a refused one counted twice (docs/mails.md).
    const theirs = await db.select({ id: registration.id }).from(registration).where(and(eq(registration.eventId, row.id), eq(registration.userId, job.userId)));
    const total = (await readLedger(db, { registrationIds: theirs.map((reg) => reg.id) }))
      .filter((entry) => entry.kind === "refund" && entry.reason === "admin_cancel")
      .reduce((cents, entry) => cents + entry.amountCents, 0);
    return mail(context, row, person.email, language, {
      messageId: messageIdOf(context.publicUrl, `event_cancelled.${row.id}.${job.userId}`),
      subject: texts.subject(row.title),
      paragraphs: [
        texts.intro(row.title),
        total > 0 ? texts.refunded(formatCents(total, context.payments.currency, language)) : texts.nothingCharged,
        texts.closed,
        ...(job.message ? [texts.organiserMessage(job.message)] : []),
      ],
    });
  }
  if (job.kind === "event_changed") {
    const [row] = await db.select().from(event).where(eq(event.id, job.eventId));
    const [person] = await db.select({ email: user.email, language: user.language }).from(user).where(eq(user.id, job.userId));
    if (!row || !person) return null;
    const language = mailLanguage(person.language);
    const texts = REGISTRATION_MAIL_TEXTS[language].changed;
    // A job queued before the changes were written in each language has the English ones only.
    const changes = job.changesIn?.[language] ?? job.changes;
    return mail(context, row, person.email, language, {
      // One mail per edit and person: the edit is known by what it changed.
      messageId: messageIdOf(context.publicUrl, `event_changed.${row.id}.${job.userId}.${digest(JSON.stringify(job.changes))}`),
      subject: texts.subject(row.title),
      paragraphs: [
        texts.intro(row.title),
        ...changes.map((change) => COMMON_MAIL_TEXTS[language].detail(change.label, `${change.before} → ${change.after}`)),
        ...(job.priceChanged ? [texts.priceForNew] : []),
        texts.outro,
      ],
    });
  }

  const [row] = await db
    .select({ reg: registration, game: event, email: user.email, language: user.language })
    .from(registration)
    .innerJoin(event, eq(event.id, registration.eventId))
    .innerJoin(user, eq(user.id, registration.userId))
    .where(eq(registration.id, job.registrationId));
  if (!row) return null;
  const { reg, game, email } = row;
  const language = mailLanguage(row.language);
  const texts = REGISTRATION_MAIL_TEXTS[language];
  const money = (cents: number) => formatCents(cents, context.payments.currency, language);
  // The rows this mail reports, whose amounts never change: a mail sent late tells the same sums.
  const ledger = await readLedger(db, { registrationIds: [reg.id] });
  const charge = ledger.find((entry) => entry.kind === "charge");
  const charged = charge?.status === "succeeded" ? charge.amountCents : 0;
  const amount = money(charge ? charge.amountCents : reg.amountCents);
  const key = `${job.kind}.${reg.id}`;
  // A spot given up since the event this mail reports: said, so the mail is not read as news.
  const since = holdsSpot(reg.status) ? [] : [texts.sinceGivenUp];
  const facts: PolicyFacts = { game, priceCents: reg.amountCents, currency: context.payments.currency, feeRule: context.feeRule, now: new Date(), language };
  const card: [string, string][] = reg.amountCents > 0 && reg.cardLabel ? [[COMMON_MAIL_TEXTS[language].card, reg.cardLabel]] : [];
  // The guests a party holds or waits with are named, as the amount covers them (docs/guests.md).
  const guests: [string, string][] = reg.guestCount > 0 ? [[COMMON_MAIL_TEXTS[language].guests, await guestNamesOf(db, reg.id)]] : [];
  // A held spot's mails carry the game's .ics, so the game lands in the player's calendar.
  const withCalendar = (spotMail: Mail): Mail => ({ ...spotMail, attachments: [gameCalendarAttachment(context, game, language)] });
  switch (job.kind) {
    case "payment_confirmed": {
      const policy = spotCancelPolicy(facts);
      return withCalendar(mail(context, game, email, language, {
        messageId: messageIdOf(context.publicUrl, key),
        subject: texts.paymentConfirmed.subject(game.title),
        paragraphs: [texts.paymentConfirmed.intro(reg.role, game.title, amount), ...since, ...(since.length ? [] : [policy.paragraph])],
        amountLine: amount,
        moreDetails: [...guests, ...card, ...policy.details],
      }));
    }
    case "promoted": {
      const policy = spotCancelPolicy(facts);
      return withCalendar(mail(context, game, email, language, {
        messageId: messageIdOf(context.publicUrl, key),
        subject: texts.promoted.subject(game.title),
        paragraphs: [texts.promoted.intro(game.title, reg.role), charged > 0 ? texts.promoted.charged(money(charged)) : texts.promoted.free, ...since, ...(since.length ? [] : [policy.paragraph])],
        amountLine: charged > 0 ? money(charged) : undefined,
        moreDetails: [...guests, ...card, ...policy.details],
      }));
    }
    case "joined": {
      // A free spot already given up has nothing left to say.
      if (since.length) return null;
      const policy = spotCancelPolicy(facts);
      return withCalendar(mail(context, game, email, language, {
        messageId: messageIdOf(context.publicUrl, key),
        subject: texts.joined.subject(game.title),
        paragraphs: [texts.joined.intro(game.title, reg.role), policy.paragraph],
        moreDetails: [...guests, ...policy.details],
      }));
    }
    case "waitlisted": {
      const place = reg.status === "waitlisted" ? await waitlistPlace(db, reg) : null;
      // A free place already promoted or left by the time this is written has nothing left to say;
      // a paid one still gets its record of the consent given.
      if (place === null && reg.amountCents === 0) return null;
      // The consent is for the amount of its moment, carried by the job (a guest removed since lowers the party's price now).
      const consented = { ...reg, amountCents: job.amountCents ?? reg.amountCents };
      const content = waitlistMailContent({ game, reg: consented, place, facts: { ...facts, priceCents: consented.amountCents }, gameUrl: gameUrl(context, game) });
      return mail(context, game, email, language, { messageId: messageIdOf(context.publicUrl, key), ...content, moreDetails: [...guests, ...content.moreDetails] });
    }
    case "promotion_failed": {
      const [charge] = await db
        .select({ error: payment.error })
        .from(payment)
        .where(and(eq(payment.registrationId, reg.id), eq(payment.kind, "charge")));
      // The processor's reason is stored in English (its decline message); it is translated like an API error.
      const reason = charge?.error ? translateServerMessage(charge.error, language) : null;
      return mail(context, game, email, language, {
        messageId: messageIdOf(context.publicUrl, key),
        subject: texts.promotionFailed.subject(game.title),
        paragraphs: [texts.promotionFailed.intro(game.title, amount, reason), texts.promotionFailed.released, texts.promotionFailed.rejoin],
      });
    }
    case "late_charge_refunded":
      return mail(context, game, email, language, {
        messageId: messageIdOf(context.publicUrl, key),
        subject: texts.lateChargeRefunded.subject(game.title),
        paragraphs: [texts.lateChargeRefunded.intro(amount, game.title, reg.closedReason === "event_cancelled"), texts.lateChargeRefunded.refund(amount)],
        amountLine: amount,
      });
    case "refund": {
      // What was charged, this refund (its row), and what went back before it for removed guests;
      // the fee is what the processor keeps of the charge in all, so the figures add up.
      const row = ledger.find((entry) => entry.kind === "refund" && (job.refundId ? entry.id === job.refundId : entry.guestId === null));
      const refund = row?.amountCents ?? reg.refundedCents ?? 0;
      const earlier = ledger.filter((entry) => entry.kind === "refund" && entry.guestId !== null && entry.status !== "failed").reduce((cents, entry) => cents + entry.amountCents, 0);
      return mail(context, game, email, language, {
        messageId: messageIdOf(context.publicUrl, `refund.${row?.id ?? reg.id}`),
        subject: texts.refund.subject(game.title),
        paragraphs: [
          texts.refund.intro(game.title),
          texts.refund.figures(money(charged), money(charged - refund - earlier), money(refund + earlier)),
          ...(earlier > 0 ? [texts.refund.earlier(money(earlier))] : []),
        ],
      });
    }
    case "guest_removed": {
      const [guest] = await db.select().from(registrationGuest).where(eq(registrationGuest.id, job.guestId));
      if (!guest) return null;
      const name = guestDisplayName(guest);
      const row = ledger.find((entry) => entry.kind === "refund" && entry.guestId === guest.id);
      const refund = row?.amountCents ?? 0;
      return mail(context, game, email, language, {
        messageId: messageIdOf(context.publicUrl, `guest_removed.${guest.id}`),
        subject: texts.guestRemoved.subject(name, game.title),
        paragraphs: [
          texts.guestRemoved.intro(name, game.title),
          refund > 0 ? texts.guestRemoved.refund(money(refund), money(guest.shareCents), money(guest.shareCents - refund)) : texts.guestRemoved.nothing(money(guest.shareCents)),
        ],
        ...(refund > 0 ? { amountLine: money(refund) } : {}),
      });
    }
  }
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
  const common = COMMON_MAIL_TEXTS[language];
  const url = gameUrl(context, game);
  const when = formatEventWhen(game, language);
  const where = common.place(game.locationName, game.field);
  const details: [string, string][] = [
    [common.game, game.title],
    [common.when, when],
    [common.where, where],
    ...(content.amountLine ? ([[common.amount, content.amountLine]] as [string, string][]) : []),
    ...(content.moreDetails ?? []),
  ];
  const text = [
    ...content.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...details.map(([label, value]) => common.detail(label, value)),
    "",
    common.seeGameLink(url),
    "",
    `— ${context.appName}`,
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px;color:#166534">${escapeHtml(context.appName)}</h1>
${content.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("\n")}
<table style="border-collapse:collapse">${details
    .map(([label, value]) => `<tr><th style="text-align:left;padding:2px 12px 2px 0">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join("")}</table>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#15803d;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(common.seeGame)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(common.openLink)} <br><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>
</body></html>`;
  return { to, subject: content.subject, text, html, ...(content.messageId && { messageId: content.messageId }) };
}

/** "Sam, Alex Stone": the guests still in a party, in the order the player gave them. */
async function guestNamesOf(db: Db, registrationId: string): Promise<string> {
  const rows = await db
    .select({ firstName: registrationGuest.firstName, lastName: registrationGuest.lastName })
    .from(registrationGuest)
    .where(and(eq(registrationGuest.registrationId, registrationId), eq(registrationGuest.status, "active")))
    .orderBy(asc(registrationGuest.ordinal));
  return rows.map(guestDisplayName).join(", ");
}
