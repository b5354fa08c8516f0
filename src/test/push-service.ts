import { createRequire } from "node:module";
import { createServer } from "node:net";
import type { Server } from "node:http";

/**
 * A real Web Push service on loopback for tests (the `web-push-testing` package): it hands out
 * subscriptions for a VAPID public key, checks each push's VAPID signature, decrypts its payload and
 * keeps it, and answers 410 for a subscription expired on purpose.
 */
export interface TestPushService {
  url: string;
  subscribe(applicationServerKey: string): Promise<{ endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string }>;
  /** The payloads received for a subscription, decrypted, parsed as JSON. */
  received(clientHash: string): Promise<unknown[]>;
  expire(clientHash: string): Promise<void>;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);

export async function startPushService(): Promise<TestPushService> {
  const port = await freePort();
  const TestingServer = require("web-push-testing/src/server.js") as new (model: unknown, port: number) => { startServer(): void; _server: Server };
  const { PushApiModel } = require("web-push-testing/src/PushApiModel.js") as { PushApiModel: new () => unknown };
  const server = new TestingServer(new PushApiModel(), port);
  const log = console.log;
  console.log = () => undefined; // it announces its port on the console
  try {
    server.startServer();
    await new Promise<void>((resolve) => (server._server.listening ? resolve() : server._server.once("listening", () => resolve())));
  } finally {
    console.log = log;
  }
  const url = `http://localhost:${port}`;
  const post = async (path: string, body?: object) => {
    const response = await fetch(`${url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body ?? {}) });
    if (!response.ok) throw new Error(`push service ${path}: ${response.status} ${await response.text()}`);
    return response.status === 200 && response.headers.get("content-type")?.includes("json") ? ((await response.json()) as { data: unknown }) : { data: null };
  };
  return {
    url,
    async subscribe(applicationServerKey) {
      return (await post("/subscribe", { applicationServerKey, userVisibleOnly: "true" })).data as Awaited<ReturnType<TestPushService["subscribe"]>>;
    },
    async received(clientHash) {
      const { data } = await post("/get-notifications", { clientHash });
      return (data as { messages: string[] }).messages.map((message) => JSON.parse(message) as unknown);
    },
    async expire(clientHash) {
      await post(`/expire-subscription/${clientHash}`);
    },
    close: () => new Promise<void>((resolve) => server._server.close(() => resolve())),
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
