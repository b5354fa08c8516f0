import type { PluginListenerHandle } from "@capacitor/core";
import type { PushNotificationsPlugin } from "@capacitor/push-notifications";
import type { PushOverview } from "#shared/push.ts";
import { api } from "#web/lib/api.ts";

/**
 * The mobile app's notifications (docs/notifications.md, "The mobile app"): the system's push through
 * @capacitor/push-notifications, its device token registered with the server (FCM's on Android,
 * APNs's on iOS), which pushes to it through the sender of that platform. The plugin is loaded only
 * inside the app, so the web bundle never carries it (features/push/push-device.ts chooses this or
 * the browser's Web Push).
 */
const TOKEN_KEY = "kickoff.nativePushToken";

/** Whether this device can, may and does receive pushes (the browser's or, in the app, the system's). */
export type DevicePushState = "unsupported" | "blocked" | "off" | "on";

// Wrapped: a Capacitor plugin is a proxy that answers every property, `then` included, so a promise
// resolved with it would be taken for a thenable, and Capacitor rejects that call to `then` (the
// mobile e2e spec caught it).
const plugin = (): Promise<{ push: PushNotificationsPlugin }> => import("@capacitor/push-notifications").then((module) => ({ push: module.PushNotifications }));

export function nativePlatform(): "android" | "ios" {
  const bridge = (window as { Capacitor?: { getPlatform?: () => string } }).Capacitor;
  return bridge?.getPlatform?.() === "ios" ? "ios" : "android";
}

/** Whether the server pushes to this app's platform (it says so in GET /api/push). */
export function nativePushServed(overview: Pick<PushOverview, "nativePlatforms">): boolean {
  return overview.nativePlatforms.includes(nativePlatform());
}

export async function nativePushState(overview: Pick<PushOverview, "nativePlatforms">): Promise<DevicePushState> {
  if (!nativePushServed(overview)) return "unsupported";
  const { push } = await plugin();
  const { receive } = await push.checkPermissions();
  if (receive === "denied") return "blocked";
  return receive === "granted" && localStorage.getItem(TOKEN_KEY) ? "on" : "off";
}

/** The device's token: `register()` answers through the 'registration' event (or 'registrationError'). */
function deviceToken(push: PushNotificationsPlugin): Promise<string> {
  return new Promise((resolve, reject) => {
    const handles: Promise<PluginListenerHandle>[] = [];
    const settle = (finish: () => void) => {
      for (const handle of handles) void handle.then((listener) => listener.remove());
      finish();
    };
    handles.push(push.addListener("registration", ({ value }) => settle(() => resolve(value))));
    handles.push(push.addListener("registrationError", ({ error }) => settle(() => reject(new Error(error)))));
    push.register().catch((error: unknown) => settle(() => reject(error instanceof Error ? error : new Error(String(error)))));
  });
}

async function registerToken(token: string): Promise<void> {
  await api("/api/push/native-devices", { body: { token, platform: nativePlatform(), timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone } });
  localStorage.setItem(TOKEN_KEY, token);
}

/** Asks the system (from a tap), then registers this device's token with the server. */
export async function subscribeNative(): Promise<DevicePushState> {
  const { push } = await plugin();
  let { receive } = await push.checkPermissions();
  if (receive === "prompt" || receive === "prompt-with-rationale") ({ receive } = await push.requestPermissions());
  if (receive !== "granted") return receive === "denied" ? "blocked" : "off";
  await registerToken(await deviceToken(push));
  return "on";
}

/** Forgotten by the server, then by the system. */
export async function unsubscribeNative(): Promise<DevicePushState> {
  const token = localStorage.getItem(TOKEN_KEY);
  if (token) await api("/api/push/subscriptions", { method: "DELETE", body: { endpoint: token } });
  localStorage.removeItem(TOKEN_KEY);
  const { push } = await plugin();
  await push.unregister();
  return "off";
}

/**
 * At the app's start (lib/native.tsx): a tap on a notification opens its game, and a device whose
 * notifications are on registers again, since the system may have given it a new token.
 */
export async function followNativePush(open: (path: string) => void): Promise<PluginListenerHandle[]> {
  const { push } = await plugin();
  const handles = [
    await push.addListener("pushNotificationActionPerformed", ({ notification }) => {
      const url = (notification.data as { url?: unknown } | undefined)?.url;
      if (typeof url === "string" && url.startsWith("/")) open(url);
    }),
  ];
  const known = localStorage.getItem(TOKEN_KEY);
  if (known && (await push.checkPermissions()).receive === "granted") {
    handles.push(
      await push.addListener("registration", ({ value }) => {
        if (value !== localStorage.getItem(TOKEN_KEY)) void registerToken(value).catch(() => undefined);
      }),
    );
    await push.register();
  }
  return handles;
}
