import { and, eq, sum } from "drizzle-orm";
import { formatCents, processingFeeCents } from "../../shared/money.ts";
import type { Db } from "../db/client.ts";
import { event, payment, registration, user } from "../db/schema.ts";
import { formatEventDay, formatEventHours } from "../events/describe-event.ts";
import type { Mail } from "../mail/mailer.ts";
import { escapeHtml } from "../mail/templates.ts";
import type { RegistrationMailJob } from "./jobs.ts";

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
  switch (job.kind) {
    case "payment_confirmed":
      return mail(context, game, email, {
        subject: `Payment confirmed: ${game.title}`,
        paragraphs: [`Your spot as ${reg.role} in ${game.title} is confirmed. We charged ${amount} to your card.`],
        amountLine: amount,
      });
    case "promoted":
      return mail(context, game, email, {
        subject: `You're in: ${game.title}`,
        paragraphs: [
          `A spot opened up in ${game.title} and it is yours: you are now on the ${reg.role === "player" ? "Player" : "Goalkeeper"} List.`,
          reg.amountCents > 0 ? `As you agreed when joining the waitlist, we charged ${amount} to your saved card.` : "This game is free.",
        ],
        amountLine: reg.amountCents > 0 ? amount : undefined,
      });
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

function mail(
  context: MailContext,
  game: EventRow,
  to: string,
  content: { subject: string; paragraphs: string[]; amountLine?: string },
): Mail {
  const url = `${context.publicUrl}/event/${game.id}`;
  const when = `${formatEventDay(game.startsAt, game.timeZone)}, ${formatEventHours(game.startsAt, game.endsAt, game.timeZone)} (${game.timeZone})`;
  const where = game.field ? `${game.locationName} (field: ${game.field})` : game.locationName;
  const details: [string, string][] = [
    ["Game", game.title],
    ["When", when],
    ["Where", where],
    ...(content.amountLine ? ([["Amount", content.amountLine]] as [string, string][]) : []),
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
