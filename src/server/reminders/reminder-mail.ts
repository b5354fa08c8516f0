import { INTL_LOCALES, type Language } from "#shared/language.ts";
import { isCancellable } from "#shared/registrations.ts";
import { timeZoneName } from "#shared/time-zone-name.ts";
import { formatEventHours } from "#server/events/describe-event.ts";
import { translate, translatorFor } from "#server/i18n/translate.ts";
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

export const NOT_REFUNDED = translate("en", "mail.reminder.notRefunded");

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
  const t = translatorFor(language);
  const locale = INTL_LOCALES[language];
  const time = plainSpaces(new Intl.DateTimeFormat(locale, { timeZone: game.timeZone, hour: "numeric", minute: "2-digit" }).format(game.startsAt));
  const weekday = new Intl.DateTimeFormat(locale, { timeZone: game.timeZone, weekday: "long" }).format(game.startsAt);
  const subject = kind === "24h" ? t("mail.reminder.subject24h", { title: game.title, weekday, time }) : t("mail.reminder.subject2h", { title: game.title, time });
  const intro = kind === "24h" ? t("mail.reminder.intro24h", { title: game.title }) : t("mail.reminder.intro2h", { title: game.title });
  const where = game.field ? t("mail.common.placeWithField", { location: game.locationName, field: game.field }) : game.locationName;
  const directions = directionsLink(game);
  const paragraphs = [intro, ...(isCancellable(game.startsAt, now) ? [] : [t("mail.reminder.notRefunded")])];
  const details: [string, string][] = [
    [t("mail.common.game"), game.title],
    [t("mail.common.when"), reminderWhen(game, language)],
    [t("mail.common.where"), where],
  ];
  const footer = t("mail.reminder.why");
  const text = [
    ...paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...details.map(([label, value]) => t("mail.common.detail", { label, value })),
    "",
    t("mail.reminder.directionsLink", { url: directions }),
    t("mail.common.seeGameLink", { url: gameUrl }),
    "",
    `${footer} ${t("mail.reminder.unsubscribeLink", { url: unsubscribeUrl })}`,
    `— ${appName}`,
  ].join("\n");
  const html = mailHtml(appName, [
    mailParagraphs(paragraphs),
    mailDetails(details),
    `<p>${mailButton(t("mail.reminder.directions"), directions, { spaced: true })}${mailButton(t("mail.common.seeGame"), gameUrl, { spaced: true })}</p>`,
    mailSpelledLink(t("mail.common.openLink"), gameUrl),
    mailFooter(footer, t("mail.reminder.unsubscribe"), unsubscribeUrl),
  ]);
  return {
    to,
    subject,
    text,
    html,
    headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
