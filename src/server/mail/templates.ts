import { randomUUID } from "node:crypto";
import type { Language } from "../../shared/language.ts";
import { COMMON_MAIL_TEXTS } from "./i18n/common.ts";
import { digest, messageIdOf } from "./message-id.ts";

/** Plain, accessible mail bodies: one message, one button, the link spelled out for copy-paste. */
export function actionMail(options: {
  appName: string;
  to: string;
  subject: string;
  intro: string;
  actionLabel: string;
  url: string;
  outro?: string;
  language?: Language;
}) {
  const { actionLabel, url, ...rest } = options;
  // The link is the mail's own (a verification or reset token): its Message-ID is made from it.
  return actionsMail({ ...rest, actions: [{ label: actionLabel, url }], messageKey: `account.${digest(url)}` });
}

/** The same with a button for each action (e.g. "Log in" and "Reset password"), each link also spelled out. */
export function actionsMail(options: {
  appName: string;
  to: string;
  subject: string;
  intro: string;
  actions: { label: string; url: string }[];
  outro?: string;
  /** The recipient's; English when not given. */
  language?: Language;
  /**
   * What the Message-ID is made of; without one, a new id for each mail written. Either way it is
   * written with the mail, which its job carries whole, so a retry sends the same message.
   */
  messageKey?: string;
}) {
  const { appName, to, subject, intro, actions, outro, language = "en" } = options;
  const messageId = messageIdOf(actions[0]?.url ?? "http://localhost", options.messageKey ?? `account.${randomUUID()}`);
  const text = [intro, "", ...actions.map(({ label, url }) => COMMON_MAIL_TEXTS[language].detail(label, url)), "", outro ?? "", `— ${appName}`].join("\n");
  const button = ({ label, url }: { label: string; url: string }) =>
    `<a href="${escapeHtml(url)}" style="display:inline-block;background:#15803d;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none;margin:0 8px 8px 0">${escapeHtml(label)}</a>`;
  const spelledOut = ({ label, url }: { label: string; url: string }) =>
    actions.length === 1
      ? `${escapeHtml(COMMON_MAIL_TEXTS[language].openLink)} <br><a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`
      : `${escapeHtml(COMMON_MAIL_TEXTS[language].detail(label, "").trimEnd())} <br><a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px;color:#166534">${escapeHtml(appName)}</h1>
<p>${escapeHtml(intro)}</p>
<p>${actions.map(button).join("")}</p>
${actions.map((action) => `<p style="font-size:13px;color:#555">${spelledOut(action)}</p>`).join("\n")}
${outro ? `<p style="font-size:13px;color:#555">${escapeHtml(outro)}</p>` : ""}
</body></html>`;
  return { to, subject, text, html, messageId };
}

/**
 * Paragraphs around a table, for a mail about several things at once (the games an account
 * deletion released). The text body writes each row as "Column: value" lines.
 */
export function tableMail(options: {
  appName: string;
  to: string;
  subject: string;
  intro: string[];
  table: { caption: string; head: string[]; rows: string[][] };
  outro: string[];
  language?: Language;
}) {
  const { appName, to, subject, intro, table, outro, language = "en" } = options;
  const text = [
    ...intro.flatMap((paragraph) => [paragraph, ""]),
    ...table.rows.flatMap((row) => [...row.map((cell, index) => COMMON_MAIL_TEXTS[language].detail(table.head[index] ?? "", cell)), ""]),
    ...outro.flatMap((paragraph) => [paragraph, ""]),
    `— ${appName}`,
  ].join("\n");
  const cell = (tag: "th" | "td", value: string) => `<${tag} style="text-align:left;vertical-align:top;padding:4px 12px 4px 0">${escapeHtml(value)}</${tag}>`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px;color:#166534">${escapeHtml(appName)}</h1>
${intro.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("\n")}
<table style="border-collapse:collapse"><caption style="text-align:left;font-weight:600;padding-bottom:4px">${escapeHtml(table.caption)}</caption>
<thead><tr>${table.head.map((label) => cell("th", label)).join("")}</tr></thead>
<tbody>${table.rows.map((row) => `<tr>${row.map((value) => cell("td", value)).join("")}</tr>`).join("")}</tbody></table>
${outro.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("\n")}
</body></html>`;
  return { to, subject, text, html };
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
