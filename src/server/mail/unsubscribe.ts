import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import type { Db } from "../db/client.ts";
import { user } from "../db/schema.ts";
import { escapeHtml } from "./templates.ts";

export const UNSUBSCRIBED = "You will no longer receive new game emails.";
export const INVALID_UNSUBSCRIBE_LINK = "This unsubscribe link is not valid. Open Profile in the app to change your email settings.";

function mac(secret: string, userId: string): Buffer {
  return createHmac("sha256", secret).update(`unsubscribe-new-events:${userId}`).digest();
}

/** A token that names a user and proves the link came from us; it needs no sign-in and never expires. */
export function unsubscribeToken(secret: string, userId: string): string {
  return `${Buffer.from(userId).toString("base64url")}.${mac(secret, userId).toString("base64url")}`;
}

/** The user id the token was made for, or null when it was not made with this secret. */
export function verifyUnsubscribeToken(secret: string, token: string): string | null {
  const [encodedId, signature, extra] = token.split(".");
  if (!encodedId || !signature || extra !== undefined) return null;
  const userId = Buffer.from(encodedId, "base64url").toString();
  const expected = mac(secret, userId);
  const given = Buffer.from(signature, "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

export function unsubscribeUrl(options: { publicUrl: string; authSecret: string }, userId: string): string {
  return `${options.publicUrl}/api/unsubscribe?token=${unsubscribeToken(options.authSecret, userId)}`;
}

/**
 * /api/unsubscribe?token=… — GET from the link in a mail, POST from mail clients' one-click
 * unsubscribe (RFC 8058, List-Unsubscribe-Post). Works without a session.
 */
export function unsubscribeRoutes(deps: { db: Db; authSecret: string; appName: string }) {
  const { db, authSecret, appName } = deps;
  const unsubscribe = async (token: string | undefined) => {
    const userId = token ? verifyUnsubscribeToken(authSecret, token) : null;
    if (!userId) return false;
    // A deleted account has nothing left to unsubscribe; the answer is the same.
    await db.update(user).set({ notifyNewEvents: false }).where(eq(user.id, userId));
    return true;
  };
  const page = (message: string) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(appName)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:560px;margin:48px auto;padding:0 16px;color:#111">
<h1 style="font-size:20px;color:#166534">${escapeHtml(appName)}</h1>
<p>${escapeHtml(message)}</p>
<p><a href="/">Go to ${escapeHtml(appName)}</a></p>
</body>
</html>`;

  return new Hono()
    .get("/", async (c) =>
      (await unsubscribe(c.req.query("token"))) ? c.html(page(UNSUBSCRIBED)) : c.html(page(INVALID_UNSUBSCRIBE_LINK), 400),
    )
    .post("/", async (c) =>
      (await unsubscribe(c.req.query("token"))) ? c.html(page(UNSUBSCRIBED)) : c.html(page(INVALID_UNSUBSCRIBE_LINK), 400),
    );
}
