import { INTL_LOCALES, type Language } from "#shared/language.ts";
import { isCancellable } from "#shared/registrations.ts";
import { timeZoneName } from "#shared/time-zone-name.ts";
import { formatEventHours } from "#server/events/describe-event.ts";
import { COMMON_MAIL_TEXTS } from "#server/mail/i18n/common.ts";
import { REMINDER_MAIL_TEXTS } from "#server/mail/i18n/reminder.ts";
import type { Mail } from "#server/mail/mailer.ts";
import { mailButton, mailDetails, mailFooter, mailHtml, mailParagraphs, mailSpelledLink } from "#server/mail/templates.ts";
import type { ReminderKind } from "./reminder-kinds.ts";

export interface ReminderGame {
  id: string;
  title: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  locationName: string;
  field: string | null;
  latitude: number | null;
  longitude: number | null;
}

export const NOT_REFUNDED = REMINDER_MAIL_TEXTS.en.notRefunded;

const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

/**
 * "Sunday, December 6, 2026, 10:00 AM – 11:30 AM (Eastern Time)": the weekday spelled out, on the
 * game's clocks. French: "dimanche 6 décembre 2026, 10 h 00 – 11 h 30 (heure de l’Est)".
 */
export function reminderWhen(game: Pick<ReminderGame, "startsAt" | "endsAt" | "timeZone">, language: Language = "en"): string {
  const day = new Intl.DateTimeFormat(INTL_LOCALES[language], { timeZone: game.timeZone, weekday: "long", month: "long", day: "numeric", year: "numeric" }).format(game.startsAt);
  return `${plainSpaces(day)}, ${formatEventHours(game.startsAt, game.endsAt, game.timeZone, language)} (${timeZoneName(game.timeZone, game.startsAt, language)})`;
}

/**
 * The route to the venue, as the event page's "Get directions" opens it on the web (Google Maps'
 * directions URL, web/features/events/directions.ts): its point, else its name and address.
 */
export function directionsLink(game: Pick<ReminderGame, "latitude" | "longitude" | "locationName">): string {
  const destination = game.latitude !== null && game.longitude !== null ? `${game.latitude},${game.longitude}` : game.locationName;
  return `https://www.google.com/maps/dir/?${new URLSearchParams({ api: "1", destination })}`;
}

/** The reminder 24 hours or 2 hours before kick-off, with a one-click way to stop reminders (not other mail), in the recipient's language. */
export function reminderMail(options: {
  appName: string;
  to: string;
  kind: ReminderKind;
  game: ReminderGame;
  gameUrl: string;
  unsubscribeUrl: string;
  now: Date;
  /** The recipient's; English when not given. */
  language?: Language;
}): Mail {
  const { appName, to, kind, game, gameUrl, unsubscribeUrl, now, language = "en" } = options;
  const common = COMMON_MAIL_TEXTS[language];
  const texts = REMINDER_MAIL_TEXTS[language];
  const locale = INTL_LOCALES[language];
  const time = plainSpaces(new Intl.DateTimeFormat(locale, { timeZone: game.timeZone, hour: "numeric", minute: "2-digit" }).format(game.startsAt));
  const weekday = new Intl.DateTimeFormat(locale, { timeZone: game.timeZone, weekday: "long" }).format(game.startsAt);
  const subject = kind === "24h" ? texts.subject24h(game.title, weekday, time) : texts.subject2h(game.title, time);
  const intro = kind === "24h" ? texts.intro24h(game.title) : texts.intro2h(game.title);
  const where = common.place(game.locationName, game.field);
  const directions = directionsLink(game);
  const paragraphs = [intro, ...(isCancellable(game.startsAt, now) ? [] : [texts.notRefunded])];
  const details: [string, string][] = [
    [common.game, game.title],
    [common.when, reminderWhen(game, language)],
    [common.where, where],
  ];
  const footer = texts.why;
  const text = [
    ...paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...details.map(([label, value]) => common.detail(label, value)),
    "",
    texts.directionsLink(directions),
    common.seeGameLink(gameUrl),
    "",
    `${footer} ${texts.unsubscribeLink(unsubscribeUrl)}`,
    `— ${appName}`,
  ].join("\n");
  const html = mailHtml(appName, [
    mailParagraphs(paragraphs),
    mailDetails(details),
    `<p>${mailButton(texts.directions, directions, { spaced: true })}${mailButton(common.seeGame, gameUrl, { spaced: true })}</p>`,
    mailSpelledLink(common.openLink, gameUrl),
    mailFooter(footer, texts.unsubscribe, unsubscribeUrl),
  ]);
  return {
    to,
    subject,
    text,
    html,
    headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
