import type { Language } from "#shared/language.ts";

/** "A new game is open" (events/new-event-mail.ts). Prices and dates come formatted. */
const en = {
  subject: (title: string) => `New game: ${title}`,
  introWithTitle: (title: string) => `A new game is open for registration: ${title}`,
  intro: "A new game is open for registration:",
  price: "Price",
  players: "Players",
  goalkeepers: "Goalkeepers",
  perPlayer: (price: string) => `${price} per player`,
  spots: (count: number) => `${count} spots`,
  goalkeeperSpots: (count: number, price: string) => `${count} goalkeeper spots, ${price}`,
  noGoalkeepers: "No goalkeepers",
  regularsFirst: (opening: string) => `As one of this game's regulars, you can join now, before everyone else. Registration opens to everyone on ${opening}.`,
  join: "See the game and join",
  joinLink: (url: string) => `See the game and join: ${url}`,
  why: "You get these emails because new game emails are on for your account.",
  unsubscribe: "Unsubscribe",
  unsubscribeLink: (url: string) => `Unsubscribe: ${url}`,
};

export type NewEventMailTexts = typeof en;

const fr: NewEventMailTexts = {
  subject: (title) => `Nouvelle partie : ${title}`,
  introWithTitle: (title) => `Une nouvelle partie est ouverte aux inscriptions : ${title}`,
  intro: "Une nouvelle partie est ouverte aux inscriptions :",
  price: "Prix",
  players: "Joueurs",
  goalkeepers: "Gardiens de but",
  perPlayer: (price) => `${price} par joueur`,
  spots: (count) => (count <= 1 ? `${count} place` : `${count} places`),
  goalkeeperSpots: (count, price) => `${count <= 1 ? `${count} place` : `${count} places`} de gardien de but, ${price}`,
  noGoalkeepers: "Pas de gardien de but",
  regularsFirst: (opening) => `En tant qu’habitué de cette partie, vous pouvez vous inscrire dès maintenant, avant tout le monde. Les inscriptions s’ouvrent à tous le ${opening}.`,
  join: "Voir la partie et s’inscrire",
  joinLink: (url) => `Voir la partie et s’inscrire : ${url}`,
  why: "Vous recevez ces courriels parce que les courriels sur les nouvelles parties sont activés pour votre compte.",
  unsubscribe: "Se désabonner",
  unsubscribeLink: (url) => `Se désabonner : ${url}`,
};

export const NEW_EVENT_MAIL_TEXTS: Record<Language, NewEventMailTexts> = { en, fr };
