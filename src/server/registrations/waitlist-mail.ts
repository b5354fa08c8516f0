import { formatCents } from "#shared/money.ts";
import { formatInZone } from "#shared/time-zone-name.ts";
import type { event, registration } from "#server/db/schema.ts";
import { translatorFor } from "#server/i18n/translate.ts";
import { laterCancelRefund, type PolicyFacts, waitlistWithdrawal } from "./cancel-policy-text.ts";

type Detail = [string, string];

/**
 * What a person who joined a waitlist is told: their place, and how to give it up. For a paid game
 * this is also the written record of the consent they gave in the payment dialog: its words, when,
 * the amount, the card, and how to withdraw it (leave the waitlist on the game's page, which the
 * 24-hour window allows until its deadline). `place` is null when the place is no longer waiting.
 * Written in `facts.language` (the recipient's).
 */
export function waitlistMailContent(options: {
  game: typeof event.$inferSelect;
  reg: typeof registration.$inferSelect;
  place: number | null;
  facts: PolicyFacts;
  gameUrl: string;
}): { subject: string; paragraphs: string[]; moreDetails: Detail[] } {
  const { game, reg, place, facts, gameUrl } = options;
  const language = facts.language ?? "en";
  const t = translatorFor(language);
  // No place: it left the waitlist (a spot, or gone) before this was written; what was agreed stays on record.
  const where = place === null ? t("mail.waitlist.joined", { role: reg.role, title: game.title }) : t("mail.waitlist.full", { role: reg.role, title: game.title, place });
  const placeDetail: Detail[] = place === null ? [] : [[t("mail.waitlist.placeLabel"), t("mail.waitlist.place", { place })]];
  const withdrawal = waitlistWithdrawal(facts, gameUrl);
  if (reg.amountCents === 0) {
    return {
      subject: t("mail.waitlist.freeSubject", { title: game.title }),
      paragraphs: [where, t("mail.waitlist.freeAuto"), withdrawal.paragraph],
      moreDetails: [...placeDetail, ...withdrawal.details],
    };
  }
  const amount = formatCents(reg.amountCents, facts.currency, language);
  const agreedAt = formatInZone(reg.waitlistedAt ?? reg.createdAt, game.timeZone, language);
  const card = reg.cardLabel ?? t("mail.waitlist.savedCard");
  return {
    subject: t("mail.waitlist.paidSubject", { title: game.title }),
    paragraphs: [
      place === null ? where : t("mail.waitlist.nothingCharged", { where }),
      t("mail.waitlist.record", { agreedAt }),
      t("mail.waitlist.consent", { amount }),
      t("mail.waitlist.autoCharge", { card, amount }),
      withdrawal.paragraph,
      ...(laterCancelRefund(facts) ?? []),
    ],
    moreDetails: [
      [t("mail.waitlist.chargedIfSpot"), amount],
      ...(reg.cardLabel ? ([[t("mail.common.card"), reg.cardLabel]] as Detail[]) : []),
      ...placeDetail,
      [t("mail.waitlist.agreedOn"), agreedAt],
      ...withdrawal.details,
    ],
  };
}
