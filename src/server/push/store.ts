import { and, eq, inArray } from "drizzle-orm";
import { clockOf, DEFAULT_QUIET, minutesOf, type NativeSubscriptionInput, PUSH_KINDS, type PushDeviceView, type PushKind, type PushSettingsView, type WebSubscriptionInput } from "#shared/push.ts";
import type { Db } from "#server/db/client.ts";
import { pushMute, pushSettings, pushSubscription } from "#server/db/schema.ts";

export type PushSubscriptionRow = typeof pushSubscription.$inferSelect;
type SettingsRow = typeof pushSettings.$inferSelect;

/** The settings of an account, as stored or the defaults (no row). */
export async function settingsOf(db: Db, userId: string): Promise<SettingsRow> {
  const [row] = await db.select().from(pushSettings).where(eq(pushSettings.userId, userId));
  return (
    row ?? {
      userId,
      promotion: true,
      changes: true,
      decision: true,
      reminders: true,
      openings: true,
      spots: true,
      quietStart: DEFAULT_QUIET.start,
      quietEnd: DEFAULT_QUIET.end,
      updatedAt: new Date(0),
    }
  );
}

export function settingsView(row: SettingsRow): PushSettingsView {
  return {
    kinds: Object.fromEntries(PUSH_KINDS.map((kind) => [kind, row[kind]])) as Record<PushKind, boolean>,
    quietStart: clockOf(row.quietStart),
    quietEnd: clockOf(row.quietEnd),
  };
}

export async function saveSettings(db: Db, userId: string, input: PushSettingsView): Promise<SettingsRow> {
  const values = { ...input.kinds, quietStart: minutesOf(input.quietStart), quietEnd: minutesOf(input.quietEnd), updatedAt: new Date() };
  const [row] = await db
    .insert(pushSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: pushSettings.userId, set: values })
    .returning();
  return row!;
}

/**
 * A browser's subscription, kept for the account signed in. The endpoint is the device: subscribing
 * again (new keys, another account on the same browser) replaces its row.
 */
export function saveWebSubscription(db: Db, userId: string, input: WebSubscriptionInput, label: string): Promise<PushSubscriptionRow> {
  return saveDevice(db, { userId, channel: "web", endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, timeZone: input.timeZone, label });
}

/** The mobile app's device (its FCM token on Android, its APNs token on iOS), kept for the account signed in; the token is the device. */
export function saveNativeSubscription(db: Db, userId: string, input: NativeSubscriptionInput): Promise<PushSubscriptionRow> {
  const label = input.platform === "ios" ? "Kickoff app · iOS" : "Kickoff app · Android";
  return saveDevice(db, { userId, channel: input.platform, endpoint: input.token, p256dh: null, auth: null, timeZone: input.timeZone, label });
}

/** One row per endpoint: a device subscribed again, from any account, takes the new values. */
async function saveDevice(db: Db, values: Omit<typeof pushSubscription.$inferInsert, "id" | "createdAt">): Promise<PushSubscriptionRow> {
  const [row] = await db
    .insert(pushSubscription)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscription.endpoint, set: { ...values, createdAt: new Date() } })
    .returning();
  return row!;
}

/** Removes one of the account's devices, by its id or its endpoint; true when there was one. */
export async function removeSubscription(db: Db, userId: string, which: { id: string } | { endpoint: string }): Promise<boolean> {
  const match = "id" in which ? eq(pushSubscription.id, which.id) : eq(pushSubscription.endpoint, which.endpoint);
  const removed = await db
    .delete(pushSubscription)
    .where(and(eq(pushSubscription.userId, userId), match))
    .returning({ id: pushSubscription.id });
  return removed.length > 0;
}

export async function devicesOf(db: Db, userId: string): Promise<PushDeviceView[]> {
  const rows = await db.select().from(pushSubscription).where(eq(pushSubscription.userId, userId)).orderBy(pushSubscription.createdAt);
  return rows.map((row) => ({ id: row.id, label: row.label, createdAt: row.createdAt.toISOString() }));
}

export async function subscriptionsOf(db: Db, userIds: readonly string[]): Promise<PushSubscriptionRow[]> {
  if (userIds.length === 0) return [];
  return db.select().from(pushSubscription).where(inArray(pushSubscription.userId, [...userIds]));
}

export async function setMuted(db: Db, userId: string, eventId: string, muted: boolean): Promise<void> {
  if (muted) await db.insert(pushMute).values({ userId, eventId }).onConflictDoNothing();
  else await db.delete(pushMute).where(and(eq(pushMute.userId, userId), eq(pushMute.eventId, eventId)));
}

export async function isMuted(db: Db, userId: string, eventId: string): Promise<boolean> {
  const [row] = await db.select({ userId: pushMute.userId }).from(pushMute).where(and(eq(pushMute.userId, userId), eq(pushMute.eventId, eventId)));
  return Boolean(row);
}
