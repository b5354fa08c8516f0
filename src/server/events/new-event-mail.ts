import type { EventSummary } from "#shared/events.ts";
import type { Language } from "#shared/language.ts";
import { formatCents } from "#shared/money.ts";
import { formatEventDay, formatEventTime, formatEventWhen } from "./describe-event.ts";
import { COMMON_MAIL_TEXTS } from "#server/mail/i18n/common.ts";
import { NEW_EVENT_MAIL_TEXTS } from "#server/mail/i18n/new-event.ts";
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
  const common = COMMON_MAIL_TEXTS[language];
  const texts = NEW_EVENT_MAIL_TEXTS[language];
  const money = (cents: number) => (cents === 0 ? common.free : formatCents(cents, currency, language));
  const when = formatEventWhen(event, language);
  const where = common.place(event.locationName, event.field);
  const price = event.costCents === 0 ? common.free : texts.perPlayer(money(event.costCents));
  const goalkeepers = event.includeGoalkeepers ? texts.goalkeeperSpots(event.maxGoalkeepers, money(event.goalkeeperCostCents)) : texts.noGoalkeepers;
  const details: [string, string][] = [
    [common.when, when],
    [common.where, where],
    [texts.price, price],
    [texts.players, texts.spots(event.maxPlayers)],
    [texts.goalkeepers, goalkeepers],
  ];
  const subject = texts.subject(event.title);
  const opening = options.regularsFirst ? event.registrationOpensAt : null;
  const regularsNote = opening ? texts.regularsFirst(`${formatEventDay(opening, event.timeZone, language)}, ${formatEventTime(opening, event.timeZone, language)}`) : null;
  const text = [
    texts.introWithTitle(event.title),
    "",
    ...(regularsNote ? [regularsNote, ""] : []),
    ...details.map(([label, value]) => common.detail(label, value)),
    "",
    texts.joinLink(eventUrl),
    "",
    `${texts.why} ${texts.unsubscribeLink(unsubscribeUrl)}`,
    `— ${appName}`,
  ].join("\n");
  const html = mailHtml(appName, [
    mailParagraphs([texts.intro]),
    `<h2 style="font-size:18px">${escapeHtml(event.title)}</h2>${regularsNote ? `\n<p><strong>${escapeHtml(regularsNote)}</strong></p>` : ""}`,
    mailDetails(details),
    `<p>${mailButton(texts.join, eventUrl)}</p>`,
    mailSpelledLink(common.openLink, eventUrl),
    mailFooter(texts.why, texts.unsubscribe, unsubscribeUrl),
  ]);
  return {
    to,
    subject,
    text,
    html,
    headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    // One announcement per game, audience and person: a batch sent again is the same message.
    messageId: messageIdOf(eventUrl, `${options.regularsFirst ? "new_event_regulars" : "new_event"}.${event.id}.${digest(to.trim().toLowerCase())}`),
  };
}
