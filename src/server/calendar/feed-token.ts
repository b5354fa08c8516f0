import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { calendarFeedToken } from "#server/db/schema.ts";

/**
 * The calendar feed's secret (docs/calendar-and-reminders.md, "The feed's token"): 32 random bytes
 * in base64url (43 characters), the only key to a person's feed. The database keeps its SHA-256
 * only, so a copy of the database opens no feed; the token is shown once, when it is made.
 */
const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashFeedToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Makes a new token for the user, replacing any earlier one (which stops working at once). */
export async function replaceFeedToken(db: Db, userId: string): Promise<{ token: string; createdAt: Date }> {
  const token = randomBytes(TOKEN_BYTES).toString("base64url");
  const createdAt = new Date();
  const tokenHash = hashFeedToken(token);
  await db
    .insert(calendarFeedToken)
    .values({ userId, tokenHash, createdAt })
    .onConflictDoUpdate({ target: calendarFeedToken.userId, set: { tokenHash, createdAt } });
  return { token, createdAt };
}

/** When the user's current token was made; null when they have none. */
export async function feedTokenCreatedAt(db: Db, userId: string): Promise<Date | null> {
  const [row] = await db.select({ createdAt: calendarFeedToken.createdAt }).from(calendarFeedToken).where(eq(calendarFeedToken.userId, userId));
  return row?.createdAt ?? null;
}

/** The owner of a token; null for one that is malformed, wrong or replaced (the caller cannot tell which). */
export async function feedOwner(db: Db, token: string): Promise<string | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db.select({ userId: calendarFeedToken.userId }).from(calendarFeedToken).where(eq(calendarFeedToken.tokenHash, hashFeedToken(token)));
  return row?.userId ?? null;
}

/** The feed's address; calendars subscribe to it as webcal:// (the same address with its scheme changed). */
export function feedUrls(publicUrl: string, token: string): { https: string; webcal: string } {
  const https = `${publicUrl}/api/calendar/${token}.ics`;
  return { https, webcal: https.replace(/^https?:/, "webcal:") };
}
