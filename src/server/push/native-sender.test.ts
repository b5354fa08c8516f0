import { createVerify, generateKeyPairSync } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fcmSender } from "./native-sender.ts";

/**
 * The mobile app's sender against a stand-in for Firebase Cloud Messaging on loopback (FCM itself is
 * out of reach here): the token endpoint checks the service account's signed JWT with its public key,
 * the send endpoint the bearer token it handed out, and answers as FCM does for a token it no longer
 * knows. What the sender must do is the PushSender interface's: sent, gone, or a throw to retry.
 */
const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048, privateKeyEncoding: { type: "pkcs8", format: "pem" }, publicKeyEncoding: { type: "spki", format: "pem" } });
const ACCESS = "ya29.stand-in";
let server: Server;
let base = "";
let tokensIssued = 0;
const sent: { token: string; notification: { title: string; body: string }; data: Record<string, string> }[] = [];

const bodyOf = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = "";
    request.on("data", (chunk: Buffer) => (text += chunk.toString()));
    request.on("end", () => resolve(text));
  });

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const text = await bodyOf(request);
    if (request.url === "/token") {
      const assertion = new URLSearchParams(text).get("assertion") ?? "";
      const [header = "", claims = "", signature = ""] = assertion.split(".");
      const valid = createVerify("RSA-SHA256").update(`${header}.${claims}`).verify(publicKey, Buffer.from(signature, "base64url"));
      const claimed = JSON.parse(Buffer.from(claims, "base64url").toString()) as { iss: string; scope: string; aud: string };
      if (!valid || claimed.iss !== "app@kickoff.iam.gserviceaccount.com" || claimed.scope !== "https://www.googleapis.com/auth/firebase.messaging" || claimed.aud !== `${base}/token`) {
        response.writeHead(400).end('{"error":"invalid_grant"}');
        return;
      }
      tokensIssued += 1;
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ access_token: ACCESS, expires_in: 3600 }));
      return;
    }
    if (request.url !== "/v1/projects/kickoff-app/messages:send" || request.headers.authorization !== `Bearer ${ACCESS}`) {
      response.writeHead(401).end();
      return;
    }
    const { message } = JSON.parse(text) as { message: (typeof sent)[number] };
    if (message.token.startsWith("gone")) {
      response.writeHead(404, { "content-type": "application/json" }).end('{"error":{"status":"NOT_FOUND","details":[{"errorCode":"UNREGISTERED"}]}}');
      return;
    }
    if (message.token.startsWith("busy")) {
      response.writeHead(503).end("try later");
      return;
    }
    sent.push(message);
    response.writeHead(200, { "content-type": "application/json" }).end('{"name":"projects/kickoff-app/messages/1"}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the mobile app's pushes through FCM (push/native-sender.ts)", () => {
  const sender = () => fcmSender({ project_id: "kickoff-app", client_email: "app@kickoff.iam.gserviceaccount.com", private_key: privateKey, token_uri: `${base}/token` }, { apiUrl: base });
  const message = { title: "You're in: Thursday 5-a-side", body: "A spot opened up and it is yours.", url: "/event/abc", tag: "promotion:abc" };

  it("sends the notification and the game's path to the device's token, with an access token made once from the service account", async () => {
    const fcm = sender();
    expect(await fcm.send({ channel: "android", endpoint: "device-token-aaaaaaaaaaaaaaaaaaaa" }, message)).toBe("sent");
    expect(await fcm.send({ channel: "android", endpoint: "device-token-bbbbbbbbbbbbbbbbbbbb" }, message)).toBe("sent");
    expect(tokensIssued).toBe(1);
    expect(sent.at(-1)).toMatchObject({ token: "device-token-bbbbbbbbbbbbbbbbbbbb", notification: { title: message.title, body: message.body }, data: { url: "/event/abc", tag: "promotion:abc" } });
  });

  it("says gone for a token FCM no longer knows, and throws on anything else so the job retries", async () => {
    const fcm = sender();
    expect(await fcm.send({ channel: "android", endpoint: "gone-token-cccccccccccccccccccc" }, message)).toBe("gone");
    await expect(fcm.send({ channel: "android", endpoint: "busy-token-dddddddddddddddddddd" }, message)).rejects.toThrow(/FCM answered 503/);
    await expect(fcm.send({ channel: "web", endpoint: "https://x", p256dh: "k", auth: "a" }, message)).rejects.toThrow(/mobile app only/);
  });

  it("throws when the service account's key is not the one FCM knows", async () => {
    const other = generateKeyPairSync("rsa", { modulusLength: 2048, privateKeyEncoding: { type: "pkcs8", format: "pem" }, publicKeyEncoding: { type: "spki", format: "pem" } });
    const wrong = fcmSender({ project_id: "kickoff-app", client_email: "app@kickoff.iam.gserviceaccount.com", private_key: other.privateKey, token_uri: `${base}/token` }, { apiUrl: base });
    await expect(wrong.send({ channel: "android", endpoint: "device-token-eeeeeeeeeeeeeeeeeeee" }, message)).rejects.toThrow(/token endpoint answered 400/);
  });
});
