// Push notifications (docs/notifications.md): what may be pushed, the settings people choose, and
// quiet hours. Both sides read these: the server enforces them, the profile shows them.
import { z } from "zod";
import { errorKey } from "./i18n/error-key.ts";

/** What is pushed, each on or off per account (mails go whatever is chosen here; they are the record). */
export const PUSH_KINDS = ["promotion", "changes", "decision", "reminders", "openings", "spots"] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** Quiet hours by default: 22:00 to 08:00 on the device's clock. */
export const DEFAULT_QUIET = { start: 22 * 60, end: 8 * 60 } as const;
/** A push about a game this close is sent even in quiet hours. */
export const URGENT_WITHIN_MS = 3 * 3_600_000;

/** An account's push settings as the profile shows and sends them; times "HH:MM". */
export interface PushSettingsView {
  kinds: Record<PushKind, boolean>;
  quietStart: string;
  quietEnd: string;
}

/** One device that receives pushes, as the profile lists it. */
export interface PushDeviceView {
  id: string;
  label: string;
  createdAt: string;
}

/** GET /api/push: the server's public key (to subscribe with), the settings, the account's devices. */
export interface PushOverview {
  /** The VAPID public key, URL-safe base64; null when pushes are not configured. */
  publicKey: string | null;
  /** The mobile app's platforms the server pushes to (FCM for Android, APNs for iOS, when configured). */
  nativePlatforms: ("android" | "ios")[];
  settings: PushSettingsView;
  devices: PushDeviceView[];
}

export const QUIET_TIME = errorKey("shared.push.quietTime");
export const SUBSCRIPTION_INVALID = errorKey("shared.push.subscriptionInvalid");
const clock = z.string({ error: QUIET_TIME }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, QUIET_TIME);

export const pushSettingsSchema = z.object({
  kinds: z.object(Object.fromEntries(PUSH_KINDS.map((kind) => [kind, z.boolean()])) as Record<PushKind, z.ZodBoolean>),
  quietStart: clock,
  quietEnd: clock,
});

/** A browser's subscription (PushSubscription.toJSON()) with the device's zone. */
export const webSubscriptionSchema = z.object(
  {
    endpoint: z.url({ protocol: /^https?$/, error: SUBSCRIPTION_INVALID }).max(2000, SUBSCRIPTION_INVALID),
    keys: z.object(
      { p256dh: z.string({ error: SUBSCRIPTION_INVALID }).min(1, SUBSCRIPTION_INVALID).max(200, SUBSCRIPTION_INVALID), auth: z.string({ error: SUBSCRIPTION_INVALID }).min(1, SUBSCRIPTION_INVALID).max(100, SUBSCRIPTION_INVALID) },
      { error: SUBSCRIPTION_INVALID },
    ),
    timeZone: z.string({ error: SUBSCRIPTION_INVALID }).min(1, SUBSCRIPTION_INVALID).max(100, SUBSCRIPTION_INVALID),
  },
  { error: SUBSCRIPTION_INVALID },
);
export type WebSubscriptionInput = z.infer<typeof webSubscriptionSchema>;

export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
export const clockOf = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** The minutes since midnight on the clock of `timeZone` at `now`. */
export function minuteOfDay(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(now);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return value("hour") * 60 + value("minute");
}

/**
 * When a push may be shown: null for now, or the end of the device's quiet hours (`start`…`end`
 * minutes of the day on its clock, over midnight when start > end; equal: none). A push about a game
 * within URGENT_WITHIN_MS goes at once. The end is counted in minutes from now, so a clock change in
 * the night moves it by the hour changed at most.
 */
export function heldUntil(now: Date, quiet: { start: number; end: number; timeZone: string }, gameStartsAt: Date | null): Date | null {
  if (quiet.start === quiet.end) return null;
  if (gameStartsAt && gameStartsAt.getTime() - now.getTime() <= URGENT_WITHIN_MS) return null;
  const minute = minuteOfDay(now, quiet.timeZone);
  const quietNow = quiet.start < quiet.end ? minute >= quiet.start && minute < quiet.end : minute >= quiet.start || minute < quiet.end;
  if (!quietNow) return null;
  const wait = (quiet.end - minute + 1440) % 1440;
  const startOfMinute = now.getTime() - (now.getTime() % 60_000);
  return new Date(startOfMinute + wait * 60_000);
}

/** The mobile app's device: its FCM registration token (Android, or iOS through Firebase's APNs key). */
export const nativeSubscriptionSchema = z.object(
  {
    token: z.string({ error: SUBSCRIPTION_INVALID }).min(20, SUBSCRIPTION_INVALID).max(4096, SUBSCRIPTION_INVALID),
    platform: z.enum(["android", "ios"], { error: SUBSCRIPTION_INVALID }),
    timeZone: z.string({ error: SUBSCRIPTION_INVALID }).min(1, SUBSCRIPTION_INVALID).max(100, SUBSCRIPTION_INVALID),
  },
  { error: SUBSCRIPTION_INVALID },
);
export type NativeSubscriptionInput = z.infer<typeof nativeSubscriptionSchema>;
