import type { Language } from "#shared/language.ts";

/** What an account deletion refunded, game by game (registrations/account-deletion-mail.ts). */
const en = {
  subject: (app: string) => `Your ${app} account is deleted: what is refunded`,
  intro: (app: string) => `You deleted your ${app} account. Your spots in upcoming games were released for others to take.`,
  tableIntro: "This is what goes back to your card for each game you had paid for:",
  caption: "Refunds per game",
  head: { game: "Game", date: "Date", paid: "Paid", refunded: "Refunded" },
  allOfIt: (refunded: string) => `${refunded}, all of it`,
  minusFee: (refunded: string, paid: string, fee: string) => `${refunded} (${paid} minus the ${fee} processing fee)`,
  nothingLate: "Nothing: kick-off was less than 24 hours away",
  nothingFee: "Nothing: the processing fee is the whole price",
  total: (total: string) => `In all, ${total} is refunded to your card. It can take 5–10 days to appear on your statement.`,
  nothingRefunded: "Nothing is refunded to your card.",
  last: (app: string) => `This is the last mail ${app} sends you about this account.`,
};

export type AccountDeletionMailTexts = typeof en;

const fr: AccountDeletionMailTexts = {
  subject: (app) => `Votre compte ${app} est supprimé : ce qui vous est remboursé`,
  intro: (app) => `Vous avez supprimé votre compte ${app}. Vos places dans les parties à venir ont été libérées pour d’autres joueurs.`,
  tableIntro: "Voici ce qui revient sur votre carte pour chaque partie que vous aviez payée :",
  caption: "Remboursements par partie",
  head: { game: "Partie", date: "Date", paid: "Payé", refunded: "Remboursé" },
  allOfIt: (refunded) => `${refunded}, la totalité`,
  minusFee: (refunded, paid, fee) => `${refunded} (${paid} moins ${fee} de frais de traitement)`,
  nothingLate: "Rien : le coup d’envoi était dans moins de 24 heures",
  nothingFee: "Rien : les frais de traitement égalent le prix",
  total: (total) => `Au total, ${total} vous est remboursé sur votre carte. Il peut falloir de 5 à 10 jours pour que ce soit visible sur votre relevé.`,
  nothingRefunded: "Rien ne vous est remboursé sur votre carte.",
  last: (app) => `Ceci est le dernier courriel que ${app} vous envoie au sujet de ce compte.`,
};

export const ACCOUNT_DELETION_MAIL_TEXTS: Record<Language, AccountDeletionMailTexts> = { en, fr };
