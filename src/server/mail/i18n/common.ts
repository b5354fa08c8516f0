import { DEFAULT_LANGUAGE, isLanguage, type Language } from "#shared/language.ts";

/**
 * The words every mail's layout shares (the link spelled out, a game's details). Each mail kind has
 * its texts in a file of this folder: English is the source and the type, French is typed against
 * it, so a text missing in French fails the typecheck. Dates and money are never written here: they
 * come formatted in the recipient's language (Intl, formatCents).
 */
const en = {
  openLink: "Or open this link:",
  seeGame: "See the game",
  seeGameLink: (url: string) => `See the game: ${url}`,
  game: "Game",
  when: "When",
  where: "Where",
  amount: "Amount",
  card: "Card",
  /** The +1 guests a player brought (docs/guests.md), named in the mails about their spot. */
  guests: "Your guests",
  free: "Free",
  /** "Riverside Park (field: 3)". */
  place: (location: string, field: string | null) => (field ? `${location} (field: ${field})` : location),
  /** A detail in a text body: "When: Sun, Dec 6…" (French puts a space before the colon). */
  detail: (label: string, value: string) => `${label}: ${value}`,
};

export type CommonMailTexts = typeof en;

const fr: CommonMailTexts = {
  openLink: "Ou ouvrez ce lien :",
  seeGame: "Voir la partie",
  seeGameLink: (url) => `Voir la partie : ${url}`,
  game: "Partie",
  when: "Quand",
  where: "Où",
  amount: "Montant",
  card: "Carte",
  guests: "Vos invités",
  free: "Gratuit",
  place: (location, field) => (field ? `${location} (terrain : ${field})` : location),
  detail: (label, value) => `${label} : ${value}`,
};

export const COMMON_MAIL_TEXTS: Record<Language, CommonMailTexts> = { en, fr };

/** The language a mail is written in: the recipient's choice, English when they never chose. */
export function mailLanguage(chosen: string | null | undefined): Language {
  return isLanguage(chosen) ? chosen : DEFAULT_LANGUAGE;
}
