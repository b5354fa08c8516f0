import { and, count, eq, lte, sum } from "drizzle-orm";
import { formatCents, processingFeeCents } from "../../shared/money.ts";
import { gameCalendarAttachment } from "../calendar/game-attachment.ts";
import type { Db } from "../db/client.ts";
import { event, payment, registration, user } from "../db/schema.ts";
import { formatEventWhen } from "../events/describe-event.ts";
import type { Mail } from "../mail/mailer.ts";
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
 * The mail a registration job describes, written from the database as it is when sent; null when
 * there is nobody to send it to any more (the account was deleted).
 */
export async function composeRegistrationMail(db: Db, context: MailContext, job: RegistrationMailJob): Promise<Mail | null> {
  if (job.kind === "account_deleted") return composeAccountDeletionMail(db, context, job);
  if (job.kind === "event_cancelled") {
    const [row] = await db.select().from(event).where(eq(event.id, job.eventId));
    const [person] = await db.select({ email: user.email }).from(user).where(eq(user.id, job.userId));
    if (!row || !person) return null;
    const [refunded] = await db
      .select({ total: sum(payment.amountCents).mapWith(Number) })
      .from(payment)
      .where(and(eq(payment.eventId, row.id), eq(payment.userId, job.userId), eq(payment.kind, "refund")));
    const total = refunded?.total ?? 0;
    return mail(context, row, person.email, {
      subject: `Cancelled: ${row.title}`,
      paragraphs: [
        `The game ${row.title} has been cancelled by the organiser.`,
        total > 0
          ? `Your payment of ${formatCents(total, context.payments.currency)} is refunded in full to your card. It can take 5–10 days to appear on your statement.`
          : "Nothing was charged to you for this game, so there is nothing to refund.",
        "Your place on its lists and waitlists has been closed.",
        ...(job.message ? [`Message from the organiser: ${job.message}`] : []),
      ],
    });
  }
  if (job.kind === "event_changed") {
    const [row] = await db.select().from(event).where(eq(event.id, job.eventId));
    const [person] = await db.select({ email: user.email }).from(user).where(eq(user.id, job.userId));
    if (!row || !person) return null;
    return mail(context, row, person.email, {
      subject: `Changed: ${row.title}`,
      paragraphs: [
        `The organiser changed ${row.title}, a game you are registered for:`,
        ...job.changes.map((change) => `${change.label}: ${change.before} → ${change.after}`),
        "Your spot or waitlist place stays as it was. If the game no longer suits you, you can cancel your registration on its page, up to 24 hours before it starts.",
      ],
    });
  }

  const [row] = await db
    .select({ reg: registration, game: event, email: user.email })
    .from(registration)
    .innerJoin(event, eq(event.id, registration.eventId))
    .innerJoin(user, eq(user.id, registration.userId))
    .where(eq(registration.id, job.registrationId));
  if (!row) return null;
  const { reg, game, email } = row;
  const money = (cents: number) => formatCents(cents, context.payments.currency);
  const amount = money(reg.amountCents);
  const list = reg.role === "player" ? "Player" : "Goalkeeper";
  const facts: PolicyFacts = { game, priceCents: reg.amountCents, currency: context.payments.currency, feeRule: context.feeRule, now: new Date() };
  const card: [string, string][] = reg.amountCents > 0 && reg.cardLabel ? [["Card", reg.cardLabel]] : [];
  // A held spot's mails carry the game's .ics, so the game lands in the player's calendar.
  const withCalendar = (spotMail: Mail): Mail => ({ ...spotMail, attachments: [gameCalendarAttachment(context, game)] });
  switch (job.kind) {
    case "payment_confirmed": {
      const policy = spotCancelPolicy(facts);
      return withCalendar(mail(context, game, email, {
        subject: `Payment confirmed: ${game.title}`,
        paragraphs: [`Your spot as ${reg.role} in ${game.title} is confirmed. We charged ${amount} to your card.`, policy.paragraph],
        amountLine: amount,
        moreDetails: [...card, ...policy.details],
      }));
    }
    case "promoted": {
      const policy = spotCancelPolicy(facts);
      return withCalendar(mail(context, game, email, {
        subject: `You're in: ${game.title}`,
        paragraphs: [
          `A spot opened up in ${game.title} and it is yours: you are now on the ${list} List.`,
          reg.amountCents > 0 ? `As you agreed when joining the waitlist, we charged ${amount} to your saved card.` : "This game is free.",
          policy.paragraph,
        ],
        amountLine: reg.amountCents > 0 ? amount : undefined,
        moreDetails: [...card, ...policy.details],
      }));
    }
    case "joined": {
      const policy = spotCancelPolicy(facts);
      return withCalendar(mail(context, game, email, {
        subject: `You're in: ${game.title}`,
        paragraphs: [`You have a spot in ${game.title}: you are on the ${list} List. This game is free.`, policy.paragraph],
        moreDetails: policy.details,
      }));
    }
    case "waitlisted": {
      const place = reg.status === "waitlisted" ? await waitlistPlace(db, reg) : null;
      // A free place already promoted or left by the time this is written has nothing left to say;
      // a paid one still gets its record of the consent given.
      if (place === null && reg.amountCents === 0) return null;
      return mail(context, game, email, waitlistMailContent({ game, reg, place, facts, gameUrl: gameUrl(context, game) }));
    }
    case "promotion_failed": {
      const [charge] = await db
        .select({ error: payment.error })
        .from(payment)
        .where(and(eq(payment.registrationId, reg.id), eq(payment.kind, "charge")));
      return mail(context, game, email, {
        subject: `We could not charge your card for ${game.title}`,
        paragraphs: [
          `A spot opened up in ${game.title}, but your saved card could not be charged ${amount}${charge?.error ? `: ${charge.error}` : "."}`,
          "The spot went to the next person on the waitlist, and your place on the waitlist has been released.",
          "To rejoin, open the game and join again, with another card if needed.",
        ],
      });
    }
    case "late_charge_refunded":
      return mail(context, game, email, {
        subject: `Your payment for ${game.title} is refunded`,
        paragraphs: [
          `Your payment of ${amount} for ${game.title} went through after your spot had been released${reg.closedReason === "event_cancelled" ? " (the game was cancelled)" : ""}.`,
          `We are refunding all of it, ${amount}, to your card. It can take 5–10 days to appear on your statement.`,
        ],
        amountLine: amount,
      });
    case "refund": {
      const paid = reg.amountCents;
      const refund = reg.refundedCents ?? 0;
      return mail(context, game, email, {
        subject: `Your refund for ${game.title}`,
        paragraphs: [
          `You cancelled your registration for ${game.title}.`,
          `${money(paid)} paid, ${money(processingFeeCents(paid, context.feeRule))} processing fee, ${money(refund)} refunded to your card. It can take 5–10 days to appear on your statement.`,
        ],
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
  content: { subject: string; paragraphs: string[]; amountLine?: string; moreDetails?: [string, string][] },
): Mail {
  const url = gameUrl(context, game);
  const when = formatEventWhen(game);
  const where = game.field ? `${game.locationName} (field: ${game.field})` : game.locationName;
  const details: [string, string][] = [
    ["Game", game.title],
    ["When", when],
    ["Where", where],
    ...(content.amountLine ? ([["Amount", content.amountLine]] as [string, string][]) : []),
    ...(content.moreDetails ?? []),
  ];
  const text = [
    ...content.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...details.map(([label, value]) => `${label}: ${value}`),
    "",
    `See the game: ${url}`,
    "",
    `— ${context.appName}`,
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px;color:#166534">${escapeHtml(context.appName)}</h1>
${content.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("\n")}
<table style="border-collapse:collapse">${details
    .map(([label, value]) => `<tr><th style="text-align:left;padding:2px 12px 2px 0">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join("")}</table>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#15803d;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">See the game</a></p>
<p style="font-size:13px;color:#555">Or open this link: <br><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>
</body></html>`;
  return { to, subject: content.subject, text, html };
}
