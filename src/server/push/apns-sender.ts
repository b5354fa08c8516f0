import { createPrivateKey, type KeyObject, sign } from "node:crypto";
import { readFileSync } from "node:fs";
import { type ClientHttp2Session, connect, constants } from "node:http2";
import type { PushSender } from "./sender.ts";

/** The APNs key Apple's developer account issues (a .p8 file), and whose app the pushes are for. */
export interface ApnsKey {
  /** The .p8 file's PEM. */
  privateKey: string;
  keyId: string;
  teamId: string;
  /** The app's bundle id (apns-topic). */
  topic: string;
}

/** Apple refuses a provider token older than an hour, and one renewed more often than every 20 minutes. */
const TOKEN_LIFETIME_MS = 40 * 60_000;
/** How long Apple keeps a push for a device that is offline (as Web Push's TTL, sender.ts). */
const EXPIRATION_SECONDS = 12 * 3600;
/** Apple's answers (its `reason`) meaning the token is no device's any more. */
const GONE_REASONS = new Set(["BadDeviceToken", "Unregistered", "DeviceTokenNotForTopic"]);

/**
 * The iOS app's pushes straight to Apple's Push Notification service (docs/notifications.md, "The
 * mobile app"): HTTP/2 to `/3/device/{token}`, signed with a provider token (an ES256 JWT from the
 * team's APNs key), kept 40 minutes. The push carries the game's path beside `aps`, which the app's
 * tap handler reads (web/features/push/native-push.ts). 410, or a token Apple does not know, is
 * `gone`; any other failure throws for the job to retry (an expired provider token is made again).
 */
export function apnsSender(key: ApnsKey, options: { host?: string } = {}): PushSender {
  const host = (options.host ?? "https://api.push.apple.com").replace(/\/$/, "");
  const signingKey: KeyObject = createPrivateKey(key.privateKey);
  let provider: { token: string; until: number } | null = null;
  let session: ClientHttp2Session | null = null;

  function providerToken(): string {
    if (provider && provider.until > Date.now()) return provider.token;
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const unsigned = `${part({ alg: "ES256", kid: key.keyId })}.${part({ iss: key.teamId, iat: Math.floor(Date.now() / 1000) })}`;
    // JOSE wants the signature as r‖s, not DER.
    const signature = sign("sha256", Buffer.from(unsigned), { key: signingKey, dsaEncoding: "ieee-p1363" }).toString("base64url");
    provider = { token: `${unsigned}.${signature}`, until: Date.now() + TOKEN_LIFETIME_MS };
    return provider.token;
  }

  /** One HTTP/2 connection for every push, opened again once it closes or fails. */
  function connection(): ClientHttp2Session {
    if (session && !session.closed && !session.destroyed) return session;
    const opened = connect(host);
    opened.on("error", () => opened.destroy());
    opened.on("close", () => {
      if (session === opened) session = null;
    });
    // An idle connection does not keep the process alive.
    opened.unref();
    session = opened;
    return opened;
  }

  return {
    send(target, message) {
      if (target.channel !== "ios") return Promise.reject(new Error("the APNs sender sends to the iOS app only"));
      const body = JSON.stringify({ aps: { alert: { title: message.title, body: message.body }, sound: "default", "thread-id": message.tag }, url: message.url, tag: message.tag });
      return new Promise((resolve, reject) => {
        const request = connection().request({
          [constants.HTTP2_HEADER_METHOD]: "POST",
          [constants.HTTP2_HEADER_PATH]: `/3/device/${encodeURIComponent(target.endpoint)}`,
          authorization: `bearer ${providerToken()}`,
          "apns-topic": key.topic,
          "apns-push-type": "alert",
          "apns-priority": "10",
          "apns-expiration": String(Math.floor(Date.now() / 1000) + EXPIRATION_SECONDS),
          // One notification per game and kind, as the tag does on the web (at most 64 bytes).
          "apns-collapse-id": message.tag.slice(0, 64),
          "content-type": "application/json",
        });
        let status = 0;
        let text = "";
        request.setTimeout(15_000, () => request.close(constants.NGHTTP2_CANCEL));
        request.on("response", (headers) => (status = Number(headers[constants.HTTP2_HEADER_STATUS])));
        request.setEncoding("utf8");
        request.on("data", (chunk: string) => (text += chunk));
        request.on("error", reject);
        request.on("close", () => {
          if (status === 200) return resolve("sent");
          const reason = reasonOf(text);
          if (status === 410 || GONE_REASONS.has(reason)) return resolve("gone");
          if (reason === "ExpiredProviderToken") provider = null;
          reject(new Error(status ? `APNs answered ${status}: ${reason || text.slice(0, 200)}` : "APNs gave no answer"));
        });
        request.end(body);
      });
    },
  };
}

function reasonOf(text: string): string {
  try {
    return String((JSON.parse(text) as { reason?: unknown }).reason ?? "");
  } catch {
    return "";
  }
}

/** The key from APNS_KEY_FILE with its ids, read once at start; null when it is not set. */
export function apnsKeyFrom(config: { keyFile: string; keyId: string; teamId: string; topic: string } | null): ApnsKey | null {
  if (!config) return null;
  const privateKey = readFileSync(config.keyFile, "utf8");
  if (!privateKey.includes("PRIVATE KEY")) throw new Error(`${config.keyFile} is not an APNs key (.p8)`);
  return { privateKey, keyId: config.keyId, teamId: config.teamId, topic: config.topic };
}
