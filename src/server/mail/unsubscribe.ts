import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import type { Context } from "hono";
import type { MailKey } from "#shared/i18n/catalogs/areas.ts";
import { isLanguage, type Language } from "#shared/language.ts";
import { user } from "#server/db/schema.ts";
import { requestLanguage } from "#server/i18n/request-language.ts";
import { translate } from "#server/i18n/translate.ts";
import type { AppContext } from "#server/context.ts";
import { escapeHtml } from "./templates.ts";

// The pages' English, for the tests that read them; the pages word them in the reader's language ("mail.unsubscribe.*").
export const CONFIRM_UNSUBSCRIBE = translate("en", "mail.unsubscribe.confirmNewEvents");
export const UNSUBSCRIBED = translate("en", "mail.unsubscribe.doneNewEvents");
export const INVALID_UNSUBSCRIBE_LINK = translate("en", "mail.unsubscribe.invalidLink");
export const CONFIRM_UNSUBSCRIBE_REMINDERS = translate("en", "mail.unsubscribe.confirmReminders");
export const UNSUBSCRIBED_REMINDERS = translate("en", "mail.unsubscribe.doneReminders");

/**
 * The kinds of mail one can stop from the mail itself, each on its own: a link stops only its kind.
 * Each has its own path and its own signed purpose, so a new-game link cannot stop reminders.
 */
export type MailingList = "new-events" | "game-reminders";
const LISTS: Record<MailingList, { path: string; confirm: MailKey; done: MailKey; off: Partial<typeof user.$inferInsert> }> = {
  "new-events": { path: "", confirm: "mail.unsubscribe.confirmNewEvents", done: "mail.unsubscribe.doneNewEvents", off: { notifyNewEvents: false } },
  "game-reminders": { path: "/reminders", confirm: "mail.unsubscribe.confirmReminders", done: "mail.unsubscribe.doneReminders", off: { notifyGameReminders: false } },
};

function mac(secret: string, userId: string, list: MailingList): Buffer {
  return createHmac("sha256", secret).update(`unsubscribe-${list}:${userId}`).digest();
}

/** A token that names a user and proves the link came from us; it needs no sign-in and never expires. */
export function unsubscribeToken(secret: string, userId: string, list: MailingList = "new-events"): string {
  return `${Buffer.from(userId).toString("base64url")}.${mac(secret, userId, list).toString("base64url")}`;
}

/** The user id the token was made for, or null when it was not made with this secret for this list. */
export function verifyUnsubscribeToken(secret: string, token: string, list: MailingList = "new-events"): string | null {
  const [encodedId, signature, extra] = token.split(".");
  if (!encodedId || !signature || extra !== undefined) return null;
  const userId = Buffer.from(encodedId, "base64url").toString();
  const expected = mac(secret, userId, list);
  const given = Buffer.from(signature, "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

export function unsubscribeUrl(options: { publicUrl: string; authSecret: string }, userId: string, list: MailingList = "new-events"): string {
  return `${options.publicUrl}/api/unsubscribe${LISTS[list].path}?token=${unsubscribeToken(options.authSecret, userId, list)}`;
}

/**
 * /api/unsubscribe?token=… — works without a session. GET (the link in a mail) only asks for a
 * confirmation: mail security scanners open every link in a message, and a GET that unsubscribed
 * would stop people's mails without them knowing (RFC 8058 §1). POST unsubscribes: from that
 * page's button, or from mail clients' one-click unsubscribe (List-Unsubscribe-Post).
 */
export function unsubscribeRoutes(context: Pick<AppContext, "database" | "config">) {
  const { db } = context.database;
  const { authSecret, appName } = context.config;
  // The page speaks the recipient's language (the one their mails use), else the browser's.
  const languageOf = async (c: Context, userId: string | null): Promise<Language> => {
    if (userId) {
      const [row] = await db.select({ language: user.language }).from(user).where(eq(user.id, userId));
      if (isLanguage(row?.language)) return row.language;
    }
    return requestLanguage(c);
  };
  const page = (content: string, language: Language) => `<!doctype html>
<html lang="${language === "en" ? "en" : "fr-CA"}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(appName)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:560px;margin:48px auto;padding:0 16px;color:#111">
<h1 style="font-size:20px;color:#166534">${escapeHtml(appName)}</h1>
${content}
<p><a href="/">${escapeHtml(translate(language, "mail.unsubscribe.goToApp", { appName }))}</a></p>
</body>
</html>`;
  const message = (key: MailKey, language: Language) => page(`<p>${escapeHtml(translate(language, key))}</p>`, language);

  const routes = new Hono();
  // Each list at its own path (/api/unsubscribe for new games, /api/unsubscribe/reminders), same steps.
  for (const list of Object.keys(LISTS) as MailingList[]) {
    const { path, confirm, done, off } = LISTS[list];
    const userOf = (token: string | undefined) => (token ? verifyUnsubscribeToken(authSecret, token, list) : null);
    routes
      .get(path || "/", async (c) => {
        const token = c.req.query("token");
        const userId = userOf(token);
        const language = await languageOf(c, userId);
        if (!userId) return c.html(message("mail.unsubscribe.invalidLink", language), 400);
        const action = `/api/unsubscribe${path}?token=${encodeURIComponent(token!)}`;
        return c.html(
          page(
            `<p>${escapeHtml(translate(language, confirm))}</p>
<form method="post" action="${escapeHtml(action)}">
<button type="submit" style="background:#15803d;color:#fff;border:0;padding:10px 18px;border-radius:6px;font-size:16px;cursor:pointer">${escapeHtml(translate(language, "mail.unsubscribe.button"))}</button>
</form>`,
            language,
          ),
        );
      })
      .post(path || "/", async (c) => {
        const userId = userOf(c.req.query("token"));
        const language = await languageOf(c, userId);
        if (!userId) return c.html(message("mail.unsubscribe.invalidLink", language), 400);
        // A deleted account has nothing left to unsubscribe; the answer is the same.
        await db.update(user).set(off).where(eq(user.id, userId));
        return c.html(message(done, language));
      });
  }
  return routes;
}
