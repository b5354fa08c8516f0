import { generateKeyPairSync, verify } from "node:crypto";
import { createServer, type Http2Server, type ServerHttp2Session } from "node:http2";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apnsSender } from "./apns-sender.ts";

/**
 * The iOS app's sender against a stand-in for Apple's Push Notification service on loopback (APNs is
 * out of reach here), over HTTP/2 as APNs speaks it: it checks the provider token's ES256 signature
 * with the key's public half, its key id and team, the topic, and answers as APNs does for a token it
 * no longer knows. What the sender must do is the PushSender interface's: sent, gone, or a throw.
 */
const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256", privateKeyEncoding: { type: "pkcs8", format: "pem" }, publicKeyEncoding: { type: "spki", format: "pem" } });
const KEY = { privateKey, keyId: "ABC123DEFG", teamId: "TEAM123456", topic: "app.kickoff.games" };
let server: Http2Server;
let host = "";
let sessions = 0;
const open: ServerHttp2Session[] = [];
const providerTokens = new Set<string>();
const sent: { token: string; collapseId: unknown; body: { aps: { alert: { title: string; body: string }; "thread-id": string }; url: string } }[] = [];

function validProviderToken(authorization: unknown): boolean {
  const [scheme, jwt = ""] = String(authorization).split(" ");
  const [header = "", claims = "", signature = ""] = jwt.split(".");
  const signed = verify("sha256", Buffer.from(`${header}.${claims}`), { key: publicKey, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"));
  const head = JSON.parse(Buffer.from(header, "base64url").toString()) as { alg: string; kid: string };
  const claimed = JSON.parse(Buffer.from(claims, "base64url").toString()) as { iss: string; iat: number };
  providerTokens.add(jwt);
  return scheme === "bearer" && signed && head.alg === "ES256" && head.kid === KEY.keyId && claimed.iss === KEY.teamId && Math.abs(claimed.iat - Date.now() / 1000) < 60;
}

beforeAll(async () => {
  server = createServer();
  server.on("session", (session) => {
    sessions += 1;
    open.push(session);
  });
  server.on("stream", (stream, headers) => {
    let text = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => (text += chunk));
    stream.on("end", () => {
      const answer = (status: number, reason?: string) => {
        stream.respond({ ":status": status, "content-type": "application/json" });
        stream.end(reason ? JSON.stringify({ reason }) : undefined);
      };
      const token = decodeURIComponent(String(headers[":path"]).replace("/3/device/", ""));
      if (headers[":method"] !== "POST" || !validProviderToken(headers.authorization)) return answer(403, "InvalidProviderToken");
      if (headers["apns-topic"] !== KEY.topic || headers["apns-push-type"] !== "alert") return answer(400, "BadTopic");
      if (token.startsWith("gone")) return answer(410, "Unregistered");
      if (token.startsWith("bad")) return answer(400, "BadDeviceToken");
      if (token.startsWith("busy")) return answer(503, "ServiceUnavailable");
      sent.push({ token, collapseId: headers["apns-collapse-id"], body: JSON.parse(text) as (typeof sent)[number]["body"] });
      answer(200);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  // The sender keeps its connection (unreferenced) for the next push: the server ends it.
  for (const session of open) session.destroy();
  await new Promise((resolve) => server.close(resolve));
});

describe("the iOS app's sender (APNs)", () => {
  const message = { title: "You're in: Sunday 5-a-side", body: "A spot opened up and it is yours.", url: "/event/123", tag: "promotion:123" };

  it("pushes over one HTTP/2 connection with a signed provider token, the game's path beside the alert", async () => {
    const apns = apnsSender(KEY, { host });
    expect(await apns.send({ channel: "ios", endpoint: "a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2" }, message)).toBe("sent");
    expect(await apns.send({ channel: "ios", endpoint: "f6e5d4c3b2a1f6e5d4c3b2a1f6e5d4c3b2a1f6e5d4c3b2a1f6e5d4c3b2a1f6e5" }, message)).toBe("sent");
    expect(sent.map((push) => push.token.slice(0, 6))).toEqual(["a1b2c3", "f6e5d4"]);
    expect(sent[0]).toMatchObject({
      collapseId: "promotion:123",
      body: { aps: { alert: { title: message.title, body: message.body }, "thread-id": "promotion:123" }, url: "/event/123" },
    });
    // One connection, one provider token, reused (Apple refuses one renewed too often).
    expect(sessions).toBe(1);
    expect(providerTokens.size).toBe(1);
  });

  it("says gone for a token Apple no longer knows, and throws for the job to retry otherwise", async () => {
    const apns = apnsSender(KEY, { host });
    expect(await apns.send({ channel: "ios", endpoint: "gone-token" }, message)).toBe("gone");
    expect(await apns.send({ channel: "ios", endpoint: "bad-token" }, message)).toBe("gone");
    await expect(apns.send({ channel: "ios", endpoint: "busy-token" }, message)).rejects.toThrow(/APNs answered 503: ServiceUnavailable/);
    await expect(apns.send({ channel: "android", endpoint: "fcm-token" }, message)).rejects.toThrow(/iOS app only/);
    // Signed with another key, Apple refuses the provider token.
    const other = generateKeyPairSync("ec", { namedCurve: "P-256", privateKeyEncoding: { type: "pkcs8", format: "pem" }, publicKeyEncoding: { type: "spki", format: "pem" } });
    await expect(apnsSender({ ...KEY, privateKey: other.privateKey }, { host }).send({ channel: "ios", endpoint: "a1b2c3" }, message)).rejects.toThrow(/403: InvalidProviderToken/);
  });
});
