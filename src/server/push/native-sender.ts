import { createSign } from "node:crypto";
import { readFileSync } from "node:fs";
import type { PushSender } from "./sender.ts";

/** A Firebase service account's key file, as the Firebase console downloads it. */
export interface FcmServiceAccount {
  project_id: string;
  client_email: string;
  private_key: string;
  token_uri?: string;
}

const SCOPE = "https://www.googleapis.com/auth/firebase.messaging";

/**
 * The mobile app's pushes through Firebase Cloud Messaging's HTTP v1 API (docs/notifications.md),
 * which delivers to Android and, through the APNs key given to Firebase, to iOS: the device token in
 * `endpoint`. An OAuth access token is made from the service account's key (a signed JWT exchanged
 * at its token_uri) and kept until a minute before it expires. A token FCM no longer knows (404, or
 * UNREGISTERED) is `gone`; any other failure throws for the job to retry.
 */
export function fcmSender(account: FcmServiceAccount, options: { apiUrl?: string; fetch?: typeof fetch } = {}): PushSender {
  const post = options.fetch ?? fetch;
  const apiUrl = (options.apiUrl ?? "https://fcm.googleapis.com").replace(/\/$/, "");
  const tokenUri = account.token_uri ?? "https://oauth2.googleapis.com/token";
  let access: { token: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (access && access.until > Date.now()) return access.token;
    const now = Math.floor(Date.now() / 1000);
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const unsigned = `${part({ alg: "RS256", typ: "JWT" })}.${part({ iss: account.client_email, scope: SCOPE, aud: tokenUri, iat: now, exp: now + 3600 })}`;
    const signature = createSign("RSA-SHA256").update(unsigned).sign(account.private_key).toString("base64url");
    const response = await post(tokenUri, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion: `${unsigned}.${signature}` }).toString(),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new Error(`FCM's token endpoint answered ${response.status}`);
    const body = (await response.json()) as { access_token: string; expires_in?: number };
    access = { token: body.access_token, until: Date.now() + ((body.expires_in ?? 3600) - 60) * 1000 };
    return access.token;
  }

  return {
    async send(target, message) {
      if (target.channel === "web") throw new Error("the FCM sender sends to the mobile app only");
      const response = await post(`${apiUrl}/v1/projects/${encodeURIComponent(account.project_id)}/messages:send`, {
        method: "POST",
        headers: { authorization: `Bearer ${await accessToken()}`, "content-type": "application/json" },
        body: JSON.stringify({
          message: {
            token: target.endpoint,
            notification: { title: message.title, body: message.body },
            data: { url: message.url, tag: message.tag },
            android: { notification: { tag: message.tag } },
            apns: { payload: { aps: { "thread-id": message.tag } } },
          },
        }),
        signal: AbortSignal.timeout(15_000),
      });
      if (response.ok) return "sent";
      const text = await response.text();
      if (response.status === 404 || /UNREGISTERED/.test(text)) return "gone";
      throw new Error(`FCM answered ${response.status}: ${text.slice(0, 200)}`);
    },
  };
}

/** The service account from FCM_SERVICE_ACCOUNT_FILE, read once at start; null when it is not set. */
export function fcmAccountFrom(file: string | undefined): FcmServiceAccount | null {
  if (!file) return null;
  const account = JSON.parse(readFileSync(file, "utf8")) as Partial<FcmServiceAccount>;
  if (!account.project_id || !account.client_email || !account.private_key) throw new Error(`${file} is not a Firebase service account key (project_id, client_email, private_key)`);
  return account as FcmServiceAccount;
}
