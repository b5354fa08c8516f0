import { asc, eq, inArray } from "drizzle-orm";
import { type FeeRule, formatCents, refundAfterFeeCents } from "../../shared/money.ts";
import type { Db } from "../db/client.ts";
import { event, registration } from "../db/schema.ts";
import { formatEventDay } from "../events/describe-event.ts";
import type { Mail } from "../mail/mailer.ts";
import { tableMail } from "../mail/templates.ts";
import type { RegistrationMailJob } from "./jobs.ts";

interface Context {
  appName: string;
  feeRule: FeeRule;
  payments: { currency: string };
}

/**
 * After an account deletion: each paid spot it released, and what goes back to the card for it
 * (price − processing fee while kick-off was at least 24 hours away, else nothing), with the total.
 * Written from the registration rows, which outlive the account (docs/registrations-and-payments.md,
 * "Account deletion"); null when none of them is left to tell about.
 */
export async function composeAccountDeletionMail(
  db: Db,
  context: Context,
  job: Extract<RegistrationMailJob, { kind: "account_deleted" }>,
): Promise<Mail | null> {
  if (job.registrationIds.length === 0) return null;
  const released = await db
    .select({ reg: registration, game: event })
    .from(registration)
    .innerJoin(event, eq(event.id, registration.eventId))
    .where(inArray(registration.id, job.registrationIds))
    .orderBy(asc(event.startsAt));
  if (released.length === 0) return null;
  const money = (cents: number) => formatCents(cents, context.payments.currency);
  const refundOf = (paid: number, refunded: number) => {
    // A charge that landed after its spot was released goes back whole (apply-charge.ts).
    if (refunded >= paid) return `${money(refunded)}, all of it`;
    if (refunded > 0) return `${money(refunded)} (${money(paid)} minus the ${money(paid - refunded)} processing fee)`;
    return refundAfterFeeCents(paid, context.feeRule) > 0
      ? "Nothing: kick-off was less than 24 hours away"
      : "Nothing: the processing fee is the whole price";
  };
  const total = released.reduce((sum, { reg }) => sum + (reg.refundedCents ?? 0), 0);
  return tableMail({
    appName: context.appName,
    to: job.to,
    subject: `Your ${context.appName} account is deleted: what is refunded`,
    intro: [
      `You deleted your ${context.appName} account. Your spots in upcoming games were released for others to take.`,
      "This is what goes back to your card for each game you had paid for:",
    ],
    table: {
      caption: "Refunds per game",
      head: ["Game", "Date", "Paid", "Refunded"],
      rows: released.map(({ reg, game }) => [game.title, formatEventDay(game.startsAt, game.timeZone), money(reg.amountCents), refundOf(reg.amountCents, reg.refundedCents ?? 0)]),
    },
    outro: [
      total > 0
        ? `In all, ${money(total)} is refunded to your card. It can take 5–10 days to appear on your statement.`
        : "Nothing is refunded to your card.",
      `This is the last mail ${context.appName} sends you about this account.`,
    ],
  });
}
