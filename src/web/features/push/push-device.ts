import type { PushOverview } from "#shared/push.ts";
import { api } from "#web/lib/api.ts";
import { isNativeApp } from "#web/lib/native-bridge.ts";
import { type DevicePushState, nativePushState, subscribeNative, unsubscribeNative } from "#web/lib/native-push.ts";

export type { DevicePushState };

/**
 * This browser's push subscription (docs/notifications.md). The server keeps one per device; the
 * browser's own PushSubscription is the truth of whether this device is subscribed. Inside the
 * mobile app the system's notifications stand in for the browser's (native-push.ts).
 */
export function pushSupported(): boolean {
  return typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  // The worker registers at start (lib/service-worker.ts); `ready` waits for it, however long.
  return navigator.serviceWorker.ready;
}

export async function deviceSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  return (await registration()).pushManager.getSubscription();
}

export async function devicePushState(): Promise<DevicePushState> {
  if (isNativeApp()) return nativePushState(await api<PushOverview>("/api/push"));
  if (!pushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "blocked";
  return (await deviceSubscription()) ? "on" : "off";
}

/** The VAPID public key (URL-safe base64) as the bytes pushManager.subscribe takes. */
function keyBytes(publicKey: string): Uint8Array<ArrayBuffer> {
  const base64 = (publicKey + "=".repeat((4 - (publicKey.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let index = 0; index < raw.length; index++) bytes[index] = raw.charCodeAt(index);
  return bytes;
}

/**
 * Asks the browser (from a tap: browsers ask only then) and subscribes this device with the server's
 * key; a subscription made with another key (the server's keys changed) is replaced. "blocked" when
 * the person said no.
 */
export async function subscribeDevice(publicKey: string): Promise<DevicePushState> {
  if (isNativeApp()) return subscribeNative();
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return permission === "denied" ? "blocked" : "off";
  const { pushManager } = await registration();
  const existing = await pushManager.getSubscription();
  const wanted = keyBytes(publicKey);
  const sameKey = (key: ArrayBuffer | null) => key !== null && new Uint8Array(key).every((byte, index) => byte === wanted[index]) && key.byteLength === wanted.length;
  if (existing && !sameKey(existing.options.applicationServerKey)) await existing.unsubscribe();
  const subscription = existing && sameKey(existing.options.applicationServerKey) ? existing : await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: wanted });
  const json = subscription.toJSON();
  await api("/api/push/subscriptions", {
    body: { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" }, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
  });
  return "on";
}

/** Stops pushes to this device: forgotten by the server, then by the browser. */
export async function unsubscribeDevice(): Promise<DevicePushState> {
  if (isNativeApp()) return unsubscribeNative();
  const subscription = await deviceSubscription();
  if (subscription) {
    await api("/api/push/subscriptions", { method: "DELETE", body: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  return "off";
}
