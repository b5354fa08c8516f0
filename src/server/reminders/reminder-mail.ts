import { isCancellable } from "../../shared/registrations.ts";
import { timeZoneName } from "../../shared/time-zone-name.ts";
import { formatEventHours } from "../events/describe-event.ts";
import type { Mail } from "../mail/mailer.ts";
import { escapeHtml } from "../mail/templates.ts";
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

export const NOT_REFUNDED =
  "Cancelling now is not refunded: kick-off is less than 24 hours away, so the spot can no longer be given back. If you cannot come, please let the organiser know.";

const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

/** "Sunday, December 6, 2026, 10:00 AM – 11:30 AM (Eastern Time)": the weekday spelled out, on the game's clocks. */
export function reminderWhen(game: Pick<ReminderGame, "startsAt" | "endsAt" | "timeZone">): string {
  const day = new Intl.DateTimeFormat("en-US", { timeZone: game.timeZone, weekday: "long", month: "long", day: "numeric", year: "numeric" }).format(game.startsAt);
  return `${plainSpaces(day)}, ${formatEventHours(game.startsAt, game.endsAt, game.timeZone)} (${timeZoneName(game.timeZone, game.startsAt)})`;
}

/**
 * The route to the venue, as the event page's "Get directions" opens it on the web (Google Maps'
 * directions URL, web/features/events/directions.ts): its point, else its name and address.
 */
export function directionsLink(game: Pick<ReminderGame, "latitude" | "longitude" | "locationName">): string {
  const destination = game.latitude !== null && game.longitude !== null ? `${game.latitude},${game.longitude}` : game.locationName;
  return `https://www.google.com/maps/dir/?${new URLSearchParams({ api: "1", destination })}`;
}

/** The reminder 24 hours or 2 hours before kick-off, with a one-click way to stop reminders (not other mail). */
export function reminderMail(options: {
  appName: string;
  to: string;
  kind: ReminderKind;
  game: ReminderGame;
  gameUrl: string;
  unsubscribeUrl: string;
  now: Date;
}): Mail {
  const { appName, to, kind, game, gameUrl, unsubscribeUrl, now } = options;
  const time = plainSpaces(new Intl.DateTimeFormat("en-US", { timeZone: game.timeZone, hour: "numeric", minute: "2-digit" }).format(game.startsAt));
  const weekday = new Intl.DateTimeFormat("en-US", { timeZone: game.timeZone, weekday: "long" }).format(game.startsAt);
  const subject = kind === "24h" ? `Reminder: ${game.title}, ${weekday} at ${time}` : `Starting soon: ${game.title} at ${time}`;
  const intro = kind === "24h" ? `Your game ${game.title} is in 24 hours. See you on the pitch!` : `Your game ${game.title} starts in 2 hours. See you on the pitch!`;
  const where = game.field ? `${game.locationName} (field: ${game.field})` : game.locationName;
  const directions = directionsLink(game);
  const paragraphs = [intro, ...(isCancellable(game.startsAt, now) ? [] : [NOT_REFUNDED])];
  const details: [string, string][] = [
    ["Game", game.title],
    ["When", reminderWhen(game)],
    ["Where", where],
  ];
  const footer = "You get these reminders because game reminders are on for your account.";
  const text = [
    ...paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...details.map(([label, value]) => `${label}: ${value}`),
    "",
    `Directions: ${directions}`,
    `See the game: ${gameUrl}`,
    "",
    `${footer} Unsubscribe from reminders: ${unsubscribeUrl}`,
    `— ${appName}`,
  ].join("\n");
  const button = (label: string, url: string) =>
    `<a href="${escapeHtml(url)}" style="display:inline-block;background:#15803d;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none;margin:0 8px 8px 0">${escapeHtml(label)}</a>`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px;color:#166534">${escapeHtml(appName)}</h1>
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("\n")}
<table style="border-collapse:collapse">${details
    .map(([label, value]) => `<tr><th style="text-align:left;padding:2px 12px 2px 0">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join("")}</table>
<p>${button("Get directions", directions)}${button("See the game", gameUrl)}</p>
<p style="font-size:13px;color:#555">Or open this link: <br><a href="${escapeHtml(gameUrl)}">${escapeHtml(gameUrl)}</a></p>
<p style="font-size:12px;color:#555">${escapeHtml(footer)}
<a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe from reminders</a></p>
</body></html>`;
  return {
    to,
    subject,
    text,
    html,
    headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
