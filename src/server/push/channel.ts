import type { Config } from "#server/config.ts";
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
  senders: { web: PushSender; native: PushSender | null };
}

export function createPushChannels(config: Pick<Config, "dataDir" | "push">, options: { web?: PushSender; native?: PushSender | null } = {}): PushChannels {
  let vapid: VapidDetails | undefined;
  const vapidOnce = () => (vapid ??= vapidDetailsOf(config));
  // The sender reads the keys when it first sends, not when the process starts.
  const lazyWeb: PushSender = { send: (target, message) => webPushSender(vapidOnce()).send(target, message) };
  // The mobile app's channel only when FCM is configured: its devices are skipped otherwise.
  const fcm = config.push.fcm;
  const native = options.native !== undefined ? options.native : fcm ? fcmSender(fcmAccountFrom(fcm.serviceAccountFile)!, { apiUrl: fcm.apiUrl }) : null;
  return { vapid: vapidOnce, senders: { web: options.web ?? lazyWeb, native } };
}
