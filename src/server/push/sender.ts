import webPush from "web-push";
import type { VapidDetails } from "./vapid.ts";

/** What a push says: shown by the service worker (sw.js) or the mobile app as a notification. */
export interface PushMessage {
  title: string;
  body: string;
  /** The app's path to open on a tap ("/event/…"). */
  url: string;
  /** Notifications with the same tag replace each other (one per game and kind). */
  tag: string;
  /**
   * A freed spot's one tap (docs/notifications.md, "A freed spot"): the action's words ("Take it —
   * $10.00 with Visa •••• 4242") and the join the service worker posts with the device's session. The
   * server checks all of it again under the game's lock (the price, the card, a spot); the tap is the
   * consent to that one charge. Browsers without actions open the game instead.
   */
  take?: { label: string; eventId: string; role: "player" | "goalkeeper"; paymentMethodId: string | null; expectedPriceCents: number };
}

/** Where a push goes: a browser's subscription (keys to encrypt to) or the app's device token (FCM's on Android, APNs's on iOS). */
export type PushTarget = { channel: "web"; endpoint: string; p256dh: string; auth: string } | { channel: "android" | "ios"; endpoint: string };

/**
 * One way to deliver (docs/notifications.md): Web Push for browsers, FCM for the mobile app. `gone`:
 * the push service says the subscription is no more (404, 410), so it is deleted. Any other failure
 * throws, and the job retries.
 */
export interface PushSender {
  send(target: PushTarget, message: PushMessage): Promise<"sent" | "gone">;
}

/** How long a push service keeps a push for a device that is offline. */
const TIME_TO_LIVE_SECONDS = 12 * 3600;

/**
 * Web Push through the `web-push` library's request details (encryption and the VAPID signature) and
 * `fetch`, so a push service on plain loopback HTTP (tests) is reached like any other.
 */
export function webPushSender(vapid: VapidDetails, options: { fetch?: typeof fetch } = {}): PushSender {
  const post = options.fetch ?? fetch;
  return {
    async send(target, message) {
      if (target.channel !== "web") throw new Error("the Web Push sender sends to browsers only");
      const request = webPush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(message), {
        vapidDetails: vapid,
        TTL: TIME_TO_LIVE_SECONDS,
        urgency: "high",
        contentEncoding: "aes128gcm",
      });
      const response = await post(request.endpoint, {
        method: request.method,
        headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
        body: request.body ? new Uint8Array(request.body) : null,
        signal: AbortSignal.timeout(15_000),
      });
      if (response.status === 404 || response.status === 410) return "gone";
      if (!response.ok) throw new Error(`the push service answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
      return "sent";
    },
  };
}
