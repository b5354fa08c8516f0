import { formatCents } from "#shared/money.ts";
import { formatInZone } from "#shared/time-zone-name.ts";
import type { event, registration } from "#server/db/schema.ts";
import { COMMON_MAIL_TEXTS } from "#server/mail/i18n/common.ts";
import { REGISTRATION_MAIL_TEXTS } from "#server/mail/i18n/registration.ts";
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
  const texts = REGISTRATION_MAIL_TEXTS[language].waitlist;
  // No place: it left the waitlist (a spot, or gone) before this was written; what was agreed stays on record.
  const where = place === null ? texts.joined(reg.role, game.title) : texts.full(reg.role, game.title, place);
  const placeDetail: Detail[] = place === null ? [] : [[texts.placeLabel, texts.place(place)]];
  const withdrawal = waitlistWithdrawal(facts, gameUrl);
  if (reg.amountCents === 0) {
    return {
      subject: texts.freeSubject(game.title),
      paragraphs: [where, texts.freeAuto, withdrawal.paragraph],
      moreDetails: [...placeDetail, ...withdrawal.details],
    };
  }
  const amount = formatCents(reg.amountCents, facts.currency, language);
  const agreedAt = formatInZone(reg.waitlistedAt ?? reg.createdAt, game.timeZone, language);
  const card = reg.cardLabel ?? texts.savedCard;
  return {
    subject: texts.paidSubject(game.title),
    paragraphs: [
      place === null ? where : texts.nothingCharged(where),
      texts.record(agreedAt),
      texts.consent(amount),
      texts.autoCharge(card, amount),
      withdrawal.paragraph,
      ...(laterCancelRefund(facts) ?? []),
    ],
    moreDetails: [
      [texts.chargedIfSpot, amount],
      ...(reg.cardLabel ? ([[COMMON_MAIL_TEXTS[language].card, reg.cardLabel]] as Detail[]) : []),
      ...placeDetail,
      [texts.agreedOn, agreedAt],
      ...withdrawal.details,
    ],
  };
}
