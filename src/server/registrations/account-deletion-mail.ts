import { asc, eq, inArray } from "drizzle-orm";
import { type FeeRule, formatCents, refundAfterFeeCents } from "#shared/money.ts";
import type { Db } from "#server/db/client.ts";
import { event, registration } from "#server/db/schema.ts";
import { formatEventDay } from "#server/events/describe-event.ts";
import { translatorFor } from "#server/i18n/translate.ts";
import { heldChargeCents, NO_FEE, summarizeLedger } from "#shared/ledger.ts";
import type { Mail } from "#server/mail/mailer.ts";
import { digest, messageIdOf } from "#server/mail/message-id.ts";
import { ledgerByRegistration } from "#server/money/read-money.ts";
import { tableMail } from "#server/mail/templates.ts";
import type { RegistrationMailJob } from "./jobs.ts";

interface Context {
  appName: string;
  publicUrl: string;
  feeRule: FeeRule;
  payments: { currency: string };
}

/**
 * After an account deletion: each paid spot it released, and what goes back to the card for it
 * (price − processing fee while kick-off was at least 24 hours away, else nothing), with the total.
 * Written from the registration rows, which outlive the account (docs/registrations-and-payments.md,
 * "Account deletion"), in the language the account had (carried by the job); null when none of
 * them is left to tell about.
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
  const language = job.language ?? "en";
  const t = translatorFor(language);
  const money = (cents: number) => formatCents(cents, context.payments.currency, language);
  const refundOf = (paid: number, refunded: number) => {
    // A charge that landed after its spot was released goes back whole (apply-charge.ts).
    if (refunded >= paid) return t("mail.deletion.allOfIt", { refunded: money(refunded) });
    if (refunded > 0) return t("mail.deletion.minusFee", { refunded: money(refunded), paid: money(paid), fee: money(paid - refunded) });
    return refundAfterFeeCents(paid, context.feeRule) > 0 ? t("mail.deletion.nothingLate") : t("mail.deletion.nothingFee");
  };
  // What each party was charged and what its release refunded, from the ledger rows (docs/money.md,
  // docs/mails.md): the release's refund row (a removed guest's has its guest), computed from what the
  // party still held of its charge; a release that refunded nothing wrote no row (0).
  const ledger = await ledgerByRegistration(db, { registrationIds: job.registrationIds });
  const chargedOf = (id: string) => summarizeLedger((ledger.get(id) ?? []).filter((entry) => entry.kind === "charge"), NO_FEE).chargedCents;
  const refundedOf = (reg: (typeof released)[number]["reg"]) => {
    const rows = (ledger.get(reg.id) ?? []).filter((entry) => entry.kind === "refund" && entry.guestId === null);
    const written = summarizeLedger(rows, NO_FEE);
    return written.refundedCents + written.refundPendingCents + written.refundFailedCents;
  };
  const total = released.reduce((sum, { reg }) => sum + refundedOf(reg), 0);
  const composed = tableMail({
    appName: context.appName,
    to: job.to,
    subject: t("mail.deletion.subject", { app: context.appName }),
    intro: [t("mail.deletion.intro", { app: context.appName }), t("mail.deletion.tableIntro")],
    table: {
      caption: t("mail.deletion.caption"),
      head: [t("mail.deletion.head.game"), t("mail.deletion.head.date"), t("mail.deletion.head.paid"), t("mail.deletion.head.refunded")],
      rows: released.map(({ reg, game }) => [
        game.title,
        formatEventDay(game.startsAt, game.timeZone, language),
        money(chargedOf(reg.id)),
        refundOf(heldChargeCents(chargedOf(reg.id), reg.amountCents), refundedOf(reg)),
      ]),
    },
    outro: [total > 0 ? t("mail.deletion.total", { total: money(total) }) : t("mail.deletion.nothingRefunded"), t("mail.deletion.last", { app: context.appName })],
    language,
  });
  return { ...composed, messageId: messageIdOf(context.publicUrl, `account_deleted.${digest(job.registrationIds.join(","))}`) };
}
