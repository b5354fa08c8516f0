import type { EventSummary } from "#shared/events.ts";
import type { Language } from "#shared/language.ts";
import { formatCents } from "#shared/money.ts";
import { formatEventDay, formatEventTime, formatEventWhen } from "./describe-event.ts";
import { translatorFor } from "#server/i18n/translate.ts";
import type { Mail } from "#server/mail/mailer.ts";
import { digest, messageIdOf } from "#server/mail/message-id.ts";
import { escapeHtml, mailButton, mailDetails, mailFooter, mailHtml, mailParagraphs, mailSpelledLink } from "#server/mail/templates.ts";

/**
 * "A new game is open": when and where (in the event's own time zone), the price, a link to the
 * event and a one-click way to stop these mails, in the recipient's language.
 */
export function newEventMail(options: {
  appName: string;
  /** The configured currency the prices are in. */
  currency: string;
  to: string;
  event: EventSummary;
  eventUrl: string;
  unsubscribeUrl: string;
  /** The recipient's; English when not given. */
  language?: Language;
  /** Sent to a series game's regulars at the start of their window: they may join before the opening. */
  regularsFirst?: boolean;
}): Mail {
  const { appName, currency, to, event, eventUrl, unsubscribeUrl, language = "en" } = options;
  const t = translatorFor(language);
  const money = (cents: number) => (cents === 0 ? t("mail.common.free") : formatCents(cents, currency, language));
  const when = formatEventWhen(event, language);
  const where = event.field ? t("mail.common.placeWithField", { location: event.locationName, field: event.field }) : event.locationName;
  const price = event.costCents === 0 ? t("mail.common.free") : t("mail.newEvent.perPlayer", { price: money(event.costCents) });
  const goalkeepers = event.includeGoalkeepers ? t("mail.newEvent.goalkeeperSpots", { count: event.maxGoalkeepers, price: money(event.goalkeeperCostCents) }) : t("mail.newEvent.noGoalkeepers");
  const details: [string, string][] = [
    [t("mail.common.when"), when],
    [t("mail.common.where"), where],
    [t("mail.newEvent.price"), price],
    [t("mail.newEvent.players"), t("mail.newEvent.spots", { count: event.maxPlayers })],
    [t("mail.newEvent.goalkeepers"), goalkeepers],
  ];
  const subject = t("mail.newEvent.subject", { title: event.title });
  const opening = options.regularsFirst ? event.registrationOpensAt : null;
  const regularsNote = opening ? t("mail.newEvent.regularsFirst", { opening: `${formatEventDay(opening, event.timeZone, language)}, ${formatEventTime(opening, event.timeZone, language)}` }) : null;
  const text = [
    t("mail.newEvent.introWithTitle", { title: event.title }),
    "",
    ...(regularsNote ? [regularsNote, ""] : []),
    ...details.map(([label, value]) => t("mail.common.detail", { label, value })),
    "",
    t("mail.newEvent.joinLink", { url: eventUrl }),
    "",
    `${t("mail.newEvent.why")} ${t("mail.newEvent.unsubscribeLink", { url: unsubscribeUrl })}`,
    `— ${appName}`,
  ].join("\n");
  const html = mailHtml(appName, [
    mailParagraphs([t("mail.newEvent.intro")]),
    `<h2 style="font-size:18px">${escapeHtml(event.title)}</h2>${regularsNote ? `\n<p><strong>${escapeHtml(regularsNote)}</strong></p>` : ""}`,
    mailDetails(details),
    `<p>${mailButton(t("mail.newEvent.join"), eventUrl)}</p>`,
    mailSpelledLink(t("mail.common.openLink"), eventUrl),
    mailFooter(t("mail.newEvent.why"), t("mail.newEvent.unsubscribe"), unsubscribeUrl),
  ]);
  return {
    to,
    subject,
    text,
    html,
    headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    news: { game: { id: event.id, startsAt: new Date(event.startsAt) }, headline: regularsNote ?? t("mail.newEvent.introWithTitle", { title: event.title }), path: `/event/${event.id}` },
    // One announcement per game, audience and person: a batch sent again is the same message.
    messageId: messageIdOf(eventUrl, `${options.regularsFirst ? "new_event_regulars" : "new_event"}.${event.id}.${digest(to.trim().toLowerCase())}`),
  };
}
