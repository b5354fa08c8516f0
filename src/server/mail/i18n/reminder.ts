import type { Language } from "#shared/language.ts";

/** The reminders 24 hours and 2 hours before kick-off (reminders/reminder-mail.ts). Times come formatted. */
const en = {
  subject24h: (title: string, weekday: string, time: string) => `Reminder: ${title}, ${weekday} at ${time}`,
  subject2h: (title: string, time: string) => `Starting soon: ${title} at ${time}`,
  intro24h: (title: string) => `Your game ${title} is in 24 hours. See you on the pitch!`,
  intro2h: (title: string) => `Your game ${title} starts in 2 hours. See you on the pitch!`,
  notRefunded:
    "Cancelling now is not refunded: kick-off is less than 24 hours away, so the spot can no longer be given back. If you cannot come, please let the organiser know.",
  directions: "Get directions",
  directionsLink: (url: string) => `Directions: ${url}`,
  why: "You get these reminders because game reminders are on for your account.",
  unsubscribe: "Unsubscribe from reminders",
  unsubscribeLink: (url: string) => `Unsubscribe from reminders: ${url}`,
};

export type ReminderMailTexts = typeof en;

const fr: ReminderMailTexts = {
  subject24h: (title, weekday, time) => `Rappel : ${title}, ${weekday} à ${time}`,
  subject2h: (title, time) => `Bientôt : ${title} à ${time}`,
  intro24h: (title) => `Votre partie ${title} est dans 24 heures. On se voit sur le terrain !`,
  intro2h: (title) => `Votre partie ${title} commence dans 2 heures. On se voit sur le terrain !`,
  notRefunded:
    "Une annulation maintenant n’est pas remboursée : le coup d’envoi est dans moins de 24 heures, la place ne peut donc plus être rendue. Si vous ne pouvez pas venir, prévenez l’organisateur.",
  directions: "Itinéraire",
  directionsLink: (url) => `Itinéraire : ${url}`,
  why: "Vous recevez ces rappels parce que les rappels de parties sont activés pour votre compte.",
  unsubscribe: "Ne plus recevoir de rappels",
  unsubscribeLink: (url) => `Ne plus recevoir de rappels : ${url}`,
};

export const REMINDER_MAIL_TEXTS: Record<Language, ReminderMailTexts> = { en, fr };
