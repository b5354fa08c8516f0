import { formatCents } from "../../shared/money.ts";
import { autoChargeConsentText } from "../../shared/registrations.ts";
import { formatInZone } from "../../shared/time-zone-name.ts";
import type { event, registration } from "../db/schema.ts";
import { laterCancelRefund, type PolicyFacts, waitlistWithdrawal } from "./cancel-policy-text.ts";

type Detail = [string, string];

/**
 * What a person who joined a waitlist is told: their place, and how to give it up. For a paid game
 * this is also the written record of the consent they gave in the payment dialog: its words, when,
 * the amount, the card, and how to withdraw it (leave the waitlist on the game's page, which the
 * 24-hour window allows until its deadline). `place` is null when the place is no longer waiting.
 */
export function waitlistMailContent(options: {
  game: typeof event.$inferSelect;
  reg: typeof registration.$inferSelect;
  place: number | null;
  facts: PolicyFacts;
  gameUrl: string;
}): { subject: string; paragraphs: string[]; moreDetails: Detail[] } {
  const { game, reg, place, facts, gameUrl } = options;
  const list = reg.role === "player" ? "Player" : "Goalkeeper";
  // No place: it left the waitlist (a spot, or gone) before this was written; what was agreed stays on record.
  const where =
    place === null
      ? `You joined the waitlist of the ${list} List of ${game.title}.`
      : `The ${list} List of ${game.title} is full, so you are on its waitlist: you are number ${place}.`;
  const placeDetail: Detail[] = place === null ? [] : [["Waitlist place", `#${place}`]];
  const withdrawal = waitlistWithdrawal(facts, gameUrl);
  if (reg.amountCents === 0) {
    return {
      subject: `You're on the waitlist: ${game.title}`,
      paragraphs: [where, "If a spot frees up before kick-off, it is yours automatically, and we will mail you.", withdrawal.paragraph],
      moreDetails: [...placeDetail, ...withdrawal.details],
    };
  }
  const amount = formatCents(reg.amountCents, facts.currency);
  const agreedAt = formatInZone(reg.waitlistedAt ?? reg.createdAt, game.timeZone);
  const card = reg.cardLabel ?? "saved card";
  return {
    subject: `Your waitlist place and automatic payment: ${game.title}`,
    paragraphs: [
      place === null ? where : `${where} Nothing has been charged.`,
      `This mail is your record of what you agreed to on ${agreedAt}:`,
      `“${autoChargeConsentText(amount)}”`,
      `If a spot frees up before kick-off, your ${card} is charged ${amount} without asking you again, and the spot is yours. We mail you either way: when the spot is yours, or if the card cannot be charged (the spot then goes to the next person).`,
      withdrawal.paragraph,
      ...(laterCancelRefund(facts) ?? []),
    ],
    moreDetails: [
      ["Charged if a spot frees up", amount],
      ...(reg.cardLabel ? ([["Card", reg.cardLabel]] as Detail[]) : []),
      ...placeDetail,
      ["Agreed on", agreedAt],
      ...withdrawal.details,
    ],
  };
}
