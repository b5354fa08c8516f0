import type { EventSummary } from "../../shared/events.ts";
import { formatCents } from "../../shared/money.ts";
import { formatEventWhen } from "../events/describe-event.ts";
import type { Mail } from "./mailer.ts";
import { escapeHtml } from "./templates.ts";

/**
 * "A new game is open": when and where (in the event's own time zone), the price, a link to the
 * event and a one-click way to stop these mails.
 */
export function newEventMail(options: {
  appName: string;
  /** The configured currency the prices are in. */
  currency: string;
  to: string;
  event: EventSummary;
  eventUrl: string;
  unsubscribeUrl: string;
}): Mail {
  const { appName, currency, to, event, eventUrl, unsubscribeUrl } = options;
  const when = formatEventWhen(event);
  const where = event.field ? `${event.locationName} (field: ${event.field})` : event.locationName;
  const price = event.costCents === 0 ? "Free" : `${formatCents(event.costCents, currency)} per player`;
  const goalkeepers = event.includeGoalkeepers
    ? `${event.maxGoalkeepers} goalkeeper spots, ${event.goalkeeperCostCents === 0 ? "Free" : formatCents(event.goalkeeperCostCents, currency)}`
    : "No goalkeepers";
  const details: [string, string][] = [
    ["When", when],
    ["Where", where],
    ["Price", price],
    ["Players", `${event.maxPlayers} spots`],
    ["Goalkeepers", goalkeepers],
  ];
  const subject = `New game: ${event.title}`;
  const text = [
    `A new game is open for registration: ${event.title}`,
    "",
    ...details.map(([label, value]) => `${label}: ${value}`),
    "",
    `See the game and join: ${eventUrl}`,
    "",
    `You get these emails because new game emails are on for your account. Unsubscribe: ${unsubscribeUrl}`,
    `— ${appName}`,
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px;color:#166534">${escapeHtml(appName)}</h1>
<p>A new game is open for registration:</p>
<h2 style="font-size:18px">${escapeHtml(event.title)}</h2>
<table style="border-collapse:collapse">${details
    .map(([label, value]) => `<tr><th style="text-align:left;padding:2px 12px 2px 0">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join("")}</table>
<p><a href="${escapeHtml(eventUrl)}" style="display:inline-block;background:#15803d;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">See the game and join</a></p>
<p style="font-size:13px;color:#555">Or open this link: <br><a href="${escapeHtml(eventUrl)}">${escapeHtml(eventUrl)}</a></p>
<p style="font-size:12px;color:#555">You get these emails because new game emails are on for your account.
<a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p>
</body></html>`;
  return {
    to,
    subject,
    text,
    html,
    headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
