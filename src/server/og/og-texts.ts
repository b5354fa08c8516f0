import type { Language } from "#shared/language.ts";

/**
 * Every word drawn on a game's link-preview picture, per language, in one typed table (a missing
 * text fails the typecheck). English as the rest of the app writes it; French as players in Quebec
 * say it. Kept here, not in the web's catalogue, because only the server draws these.
 */
export interface OgTexts {
  /** The `Intl` locale for the date, the time and the price. */
  locale: string;
  free: string;
  full: string;
  cancelled: string;
  completed: string;
  spotsLeft: (count: number) => string;
  /** og:image:alt: what the picture says, for someone who cannot see it. */
  alt: (facts: { title: string; when: string; venue: string; price: string; availability: string }) => string;
}

export const OG_TEXTS: Record<Language, OgTexts> = {
  en: {
    // en-US, not en-CA: the app's English dates read "7:00 PM" everywhere (describe-event.ts).
    locale: "en-US",
    free: "Free",
    full: "Full — waitlist open",
    cancelled: "Cancelled",
    completed: "Game over",
    spotsLeft: (count) => (count === 1 ? "1 spot left" : `${count} spots left`),
    alt: ({ title, when, venue, price, availability }) => `Pick-up game “${title}”: ${when}, at ${venue}. ${price}. ${availability}.`,
  },
  fr: {
    locale: "fr-CA",
    free: "Gratuit",
    full: "Complet — liste d'attente ouverte",
    cancelled: "Annulé",
    completed: "Partie terminée",
    spotsLeft: (count) => (count === 1 ? "1 place restante" : `${count} places restantes`),
    alt: ({ title, when, venue, price, availability }) => `Partie « ${title} » : ${when}, à ${venue}. ${price}. ${availability}.`,
  },
};
