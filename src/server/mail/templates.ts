import { randomUUID } from "node:crypto";
import type { Language } from "#shared/language.ts";
import { translate } from "#server/i18n/translate.ts";
import { digest, messageIdOf } from "./message-id.ts";

/**
 * The one mail layout (docs/mails.md, "Layout"): every mail's HTML is this frame (the app's name as
 * a heading, then the mail's blocks, one after another), filled with the blocks below. Plain and
 * accessible: one column, real headings, a table of details, buttons that are links, each link also
 * spelled out for copy-paste.
 */
export function mailHtml(appName: string, blocks: string[]): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px;color:#166534">${escapeHtml(appName)}</h1>
${blocks.join("\n")}
</body></html>`;
}

/** Paragraphs of the mail's words, each escaped. */
export const mailParagraphs = (paragraphs: readonly string[]) => paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("\n");

/** The details of a game or a payment, as a table of label and value. */
export const mailDetails = (details: readonly (readonly [string, string])[]) =>
  `<table style="border-collapse:collapse">${details
    .map(([label, value]) => `<tr><th style="text-align:left;padding:2px 12px 2px 0">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join("")}</table>`;

/** A button (a link); `spaced` when several stand side by side. */
export const mailButton = (label: string, url: string, options: { spaced?: boolean } = {}) =>
  `<a href="${escapeHtml(url)}" style="display:inline-block;background:#15803d;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none${options.spaced ? ";margin:0 8px 8px 0" : ""}">${escapeHtml(label)}</a>`;

/** A link spelled out under its button, for mail clients that hide buttons: "Open this link: …". */
export const mailSpelledLink = (words: string, url: string) => `<p style="font-size:13px;color:#555">${escapeHtml(words)} <br><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`;

/** The small print at the end: why the mail came, and the link to stop such mails. */
export const mailFooter = (why: string, linkLabel: string, url: string) =>
  `<p style="font-size:12px;color:#555">${escapeHtml(why)}\n<a href="${escapeHtml(url)}">${escapeHtml(linkLabel)}</a></p>`;

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
  const text = [intro, "", ...actions.map(({ label, url }) => translate(language, "mail.common.detail", { label, value: url })), "", outro ?? "", `— ${appName}`].join("\n");
  const spelledOut = ({ label, url }: { label: string; url: string }) =>
    mailSpelledLink(actions.length === 1 ? translate(language, "mail.common.openLink") : translate(language, "mail.common.detail", { label, value: "" }).trimEnd(), url);
  const html = mailHtml(appName, [
    mailParagraphs([intro]),
    `<p>${actions.map(({ label, url }) => mailButton(label, url, { spaced: true })).join("")}</p>`,
    actions.map(spelledOut).join("\n"),
    outro ? `<p style="font-size:13px;color:#555">${escapeHtml(outro)}</p>` : "",
  ]);
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
    ...table.rows.flatMap((row) => [...row.map((cell, index) => translate(language, "mail.common.detail", { label: table.head[index] ?? "", value: cell })), ""]),
    ...outro.flatMap((paragraph) => [paragraph, ""]),
    `— ${appName}`,
  ].join("\n");
  const cell = (tag: "th" | "td", value: string) => `<${tag} style="text-align:left;vertical-align:top;padding:4px 12px 4px 0">${escapeHtml(value)}</${tag}>`;
  const html = mailHtml(appName, [
    mailParagraphs(intro),
    `<table style="border-collapse:collapse"><caption style="text-align:left;font-weight:600;padding-bottom:4px">${escapeHtml(table.caption)}</caption>
<thead><tr>${table.head.map((label) => cell("th", label)).join("")}</tr></thead>
<tbody>${table.rows.map((row) => `<tr>${row.map((value) => cell("td", value)).join("")}</tr>`).join("")}</tbody></table>`,
    mailParagraphs(outro),
  ]);
  return { to, subject, text, html };
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
