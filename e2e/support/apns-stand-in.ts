import { generateKeyPairSync, verify } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer, type Server } from "node:http";
import { createServer, type ServerHttp2Session } from "node:http2";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** What the stand-in accepted: the device token, and the push as Apple would hand it to the app. */
export interface ApnsPush {
  token: string;
  body: { aps: { alert: { title: string; body: string } }; url: string; tag: string };
}

export const APNS_KEY_ID = "E2EKEY0001";
export const APNS_TEAM_ID = "E2ETEAM001";

/**
 * A loopback stand-in for Apple's Push Notification service, for the app's iOS channel in e2e runs
 * (push/apns-sender.ts): HTTP/2 without TLS, checking each provider token's ES256 signature with the
 * public half of the key the app is given. The pushes it accepted are read over plain HTTP
 * (`GET {readUrl}?token=…`), as the mail catcher's are.
 */
export async function startApnsStandIn() {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256", privateKeyEncoding: { type: "pkcs8", format: "pem" }, publicKeyEncoding: { type: "spki", format: "pem" } });
  const dir = mkdtempSync(join(tmpdir(), "kickoff-e2e-apns-"));
  const keyFile = join(dir, `AuthKey_${APNS_KEY_ID}.p8`);
  writeFileSync(keyFile, privateKey);
  const received: ApnsPush[] = [];
  const sessions: ServerHttp2Session[] = [];

  const apns = createServer();
  apns.on("session", (session) => sessions.push(session));
  apns.on("stream", (stream, headers) => {
    let text = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => (text += chunk));
    stream.on("end", () => {
      const [, jwt = ""] = String(headers.authorization).split(" ");
      const [header = "", claims = "", signature = ""] = jwt.split(".");
      const signed = verify("sha256", Buffer.from(`${header}.${claims}`), { key: publicKey, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"));
      const claimed = JSON.parse(Buffer.from(claims || "e30", "base64url").toString()) as { iss?: string };
      if (!signed || claimed.iss !== APNS_TEAM_ID) {
        stream.respond({ ":status": 403 });
        stream.end(JSON.stringify({ reason: "InvalidProviderToken" }));
        return;
      }
      received.push({ token: decodeURIComponent(String(headers[":path"]).replace("/3/device/", "")), body: JSON.parse(text) as ApnsPush["body"] });
      stream.respond({ ":status": 200 });
      stream.end();
    });
  });
  await new Promise<void>((resolve) => apns.listen(0, "127.0.0.1", resolve));

  const read: Server = createHttpServer((request, response) => {
    const token = new URL(request.url ?? "/", "http://localhost").searchParams.get("token");
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify(received.filter((push) => push.token === token)));
  });
  await new Promise<void>((resolve) => read.listen(0, "127.0.0.1", resolve));

  return {
    /** The app's environment for its iOS channel. */
    env: { APNS_KEY_FILE: keyFile, APNS_KEY_ID, IOS_TEAM_ID: APNS_TEAM_ID, APNS_HOST: `http://127.0.0.1:${(apns.address() as AddressInfo).port}` },
    readUrl: `http://127.0.0.1:${(read.address() as AddressInfo).port}`,
    async stop() {
      for (const session of sessions) session.destroy();
      await Promise.all([new Promise((resolve) => apns.close(resolve)), new Promise((resolve) => read.close(resolve))]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
