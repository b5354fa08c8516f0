import { createServer, type Server, type Socket, connect as connectTcp } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "#test/payments.ts";
import { createTestContext, signUpVerified, TEST_PASSWORD, TestClient, type TestContext } from "#test/test-app.ts";
import { createApp } from "./app.ts";
import { connect } from "./db/client.ts";
import { createContext } from "./context.ts";

/**
 * An instance whose database goes away (docs/decisions/026-shared-state.md): a real TCP proxy
 * between this instance and PostgreSQL, closed with every connection through it cut, then opened
 * again. PostgreSQL only: the embedded database lives in the app's own process.
 */
class TcpProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    const server = createServer((incoming) => {
      const outgoing = connectTcp(this.target.port, this.target.host);
      for (const socket of [incoming, outgoing]) {
        this.sockets.add(socket);
        socket.on("close", () => this.sockets.delete(socket));
        socket.on("error", () => undefined);
      }
      incoming.pipe(outgoing).pipe(incoming);
    });
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", resolve));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  /** Refuses new connections and cuts the open ones, as a database that went down. */
  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(Boolean(serverUrl))("the database lost and back", () => {
  let context: TestContext;
  let proxy: TcpProxy;
  let instance: { app: ReturnType<typeof createApp>; services: ReturnType<typeof createContext>; close(): Promise<void> };

  beforeAll(async () => {
    context = await createTestContext();
    const url = new URL(context.database.url);
    proxy = new TcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    await proxy.open();
    url.hostname = "127.0.0.1";
    url.port = String(proxy.port);
    const database = connect(url.toString(), 4);
    const services = createContext(context.config, database, { mailer: context.services.mailer });
    await services.live.start();
    instance = {
      app: createApp(services),
      services,
      async close() {
        await services.live.close();
        database.pool.removeAllListeners("error");
        database.pool.on("error", () => undefined);
        await database.close();
      },
    };
  });
  afterAll(async () => {
    await instance?.close();
    await proxy?.close();
    await context?.close();
  });

  it("answers 503 with Retry-After and the error body, never a 500 or a hang, and recovers by itself", async () => {
    const { client, email } = await signUpVerified(context);
    const here = new TestClient({ app: instance.app }, { remoteAddress: "198.51.100.60" });
    for (const [name, value] of client.cookies) here.cookies.set(name, value);
    expect((await here.get("/api/me/events")).status).toBe(200);
    expect((await instance.app.request("/healthz")).status).toBe(200);
    const resets: number[] = [];
    instance.services.live.channel.onReset(() => resets.push(Date.now()));

    await proxy.close();
    // Past the session cache's second, so that the session is read again.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const started = Date.now();
    const requests = [
      here.request("GET", "/api/me/events"),
      here.request("GET", "/api/events?scope=upcoming"),
      new TestClient({ app: instance.app }, { remoteAddress: "198.51.100.61" }).request("POST", "/api/auth/sign-in/email", { email, password: TEST_PASSWORD }),
      new TestClient({ app: instance.app }).request("GET", "/api/auth/get-session"),
      instance.app.request("/healthz"),
      // better-auth's own endpoint, reached without any query of ours before it.
      new TestClient({ app: instance.app }).request("GET", "/api/auth/reset-password/some-token?callbackURL=%2Freset-password"),
    ];
    const answers = await Promise.all(requests);
    expect(Date.now() - started).toBeLessThan(10_000);
    for (const [index, answer] of answers.entries()) {
      const body = (await answer.json()) as { error?: { code: string; message: string }; status?: string };
      // get-session without a cookie needs no database: better-auth answers it (null) as usual.
      if (index === 3) {
        expect(answer.status).toBe(200);
        continue;
      }
      expect(answer.status, JSON.stringify(body)).toBe(503);
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
      if (index === 4) expect(body).toEqual({ status: "unavailable" });
      else expect(body.error).toEqual({ code: "unavailable", message: "The service is unavailable for a moment. Please try again shortly." });
    }

    await proxy.open();
    // Its pool connects again on the next request; its listening connection reconnects and drops the caches.
    await eventually(async () => ((await instance.app.request("/healthz")).status === 200 ? true : undefined), "the instance to recover", 15_000);
    expect((await here.get("/api/me/events")).status).toBe(200);
    await eventually(async () => (resets.length > 0 ? true : undefined), "the live channel to reconnect", 15_000);
    expect(instance.services.live.channel.listenerPid).not.toBeNull();
  }, 60_000);
});
