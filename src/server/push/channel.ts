import type { Config } from "#server/config.ts";
import { apnsKeyFrom, apnsSender } from "./apns-sender.ts";
import { fcmAccountFrom, fcmSender } from "./native-sender.ts";
import { type PushSender, webPushSender } from "./sender.ts";
import { type VapidDetails, vapidDetailsOf } from "./vapid.ts";

/**
 * The push channels of one process (AppContext.push): the VAPID identity, read or generated on first
 * use (so a process that never pushes writes nothing), and a sender per channel: Web Push always, the
 * mobile app's when configured (docs/notifications.md).
 */
export interface PushChannels {
  vapid(): VapidDetails;
  /** A sender per channel; none for an app platform that is not configured (its devices are skipped). */
  senders: Record<PushChannel, PushSender | null> & { web: PushSender };
}

/** Where a device's pushes go: a browser's push service, or the app's through FCM (Android) or APNs (iOS). */
export type PushChannel = "web" | "android" | "ios";

export function createPushChannels(config: Pick<Config, "dataDir" | "push">, options: { web?: PushSender; android?: PushSender | null; ios?: PushSender | null } = {}): PushChannels {
  let vapid: VapidDetails | undefined;
  const vapidOnce = () => (vapid ??= vapidDetailsOf(config));
  // The sender reads the keys when it first sends, not when the process starts.
  const lazyWeb: PushSender = { send: (target, message) => webPushSender(vapidOnce()).send(target, message) };
  // The mobile app's channels only when configured: Android's through FCM, iOS's straight to APNs
  // (the app hands the server an APNs token there); their devices are skipped otherwise.
  const { fcm, apns } = config.push;
  const android = options.android !== undefined ? options.android : fcm ? fcmSender(fcmAccountFrom(fcm.serviceAccountFile)!, { apiUrl: fcm.apiUrl }) : null;
  const ios = options.ios !== undefined ? options.ios : apns ? apnsSender(apnsKeyFrom(apns)!, { host: apns.host }) : null;
  return { vapid: vapidOnce, senders: { web: options.web ?? lazyWeb, android, ios } };
}
