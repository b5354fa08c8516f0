import { createApp } from "#server/app.ts";
import { type Boss, startBoss } from "#server/jobs/boss.ts";
import { startAccountMailWorker } from "#server/jobs/account-mail.ts";
import { bossJobQueue } from "#server/jobs/queue.ts";
import type { PaymentGateway } from "#server/money/processors/gateway.ts";
import { startRegistrationWorkers } from "#server/registrations/workers.ts";
import { startPushWorkers } from "#server/push/workers.ts";
import { loadConfig } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { createSmtpMailer } from "#server/mail/mailer.ts";
import { createContext } from "#server/context.ts";
import { createTestDatabase } from "./database.ts";
import { MailCatcher } from "./mail-catcher.ts";

export const TEST_ORIGIN = "http://localhost:3000";
export const ADMIN_EMAIL = "admin@example.com";
export const TEST_PASSWORD = "correct-horse-42";

export interface TestContext {
  app: ReturnType<typeof createApp>;
  database: Database;
  mail: MailCatcher;
  services: ReturnType<typeof createContext>;
  config: ReturnType<typeof loadConfig>;
  /** pg-boss with the registration and account-mail workers, when created with `{ background: true }`. */
  boss?: Boss;
  close(): Promise<void>;
}

/**
 * The whole app on a fresh cloned database, sending real mail to a loopback SMTP server. With
 * `background`, pg-boss runs the registration workers (promotions, refunds, mails, recovery) as
 * main.ts does, polling twice a second.
 */
export async function createTestContext(
  env: Record<string, string> = {},
  options: {
    background?: boolean;
    gateway?: (db: Database["db"]) => PaymentGateway;
    /** The money queues' first retry (10 s as in the app): for a test that waits for one. */
    moneyRetryDelaySeconds?: number;
  } = {},
): Promise<TestContext> {
  const mail = await new MailCatcher().start();
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: "test",
    PUBLIC_URL: TEST_ORIGIN,
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
    ADMIN_EMAILS: ADMIN_EMAIL,
    DATA_DIR: ".tmp/test-data",
    SMTP_URL: mail.url,
    GEOCODER: "none",
    // The suites sign up many users from one address in one process; the limits themselves are
    // tested with tight settings in http/rate-limit.test.ts.
    ...GENEROUS_RATE_LIMITS,
    ...env,
  });
  const mailer = createSmtpMailer(config.smtpUrl!, config.mailFrom);
  const boss = options.background ? await startBoss(database.url) : undefined;
  const gateway = options.gateway?.(database.db);
  const services = createContext(config, database, { mailer, gateway, jobs: boss ? bossJobQueue(boss) : undefined });
  if (boss) {
    await startPushWorkers(boss, services, { pollingIntervalSeconds: 0.5 });
    await startRegistrationWorkers(boss, services, { pollingIntervalSeconds: 0.5, moneyRetryDelaySeconds: options.moneyRetryDelaySeconds });
    await startAccountMailWorker(boss, services, { pollingIntervalSeconds: 0.5 });
  }
  await services.live.start();
  const app = createApp(services);
  return {
    app,
    database,
    mail,
    services,
    config,
    boss,
    async close() {
      await services.live.close();
      await boss?.stop({ graceful: false, wait: true });
      mailer.close();
      await database.close();
      await mail.stop();
    },
  };
}

const GENEROUS_RATE_LIMITS = {
  RATE_LIMIT_SIGN_IN: "100000",
  RATE_LIMIT_SIGN_UP: "100000",
  RATE_LIMIT_PASSWORD_RESET: "100000",
  RATE_LIMIT_VERIFICATION_MAIL: "100000",
  RATE_LIMIT_PASSWORD_CHECK: "100000",
  RATE_LIMIT_FAILED_PASSWORDS: "100000",
};

type RequestBody = Record<string, unknown> | unknown[];

/**
 * What @hono/node-server passes to the app for a request from `remoteAddress`: app.request() has
 * no socket, so without it the app sees no client address at all.
 */
export function connectionFrom(remoteAddress: string) {
  return { incoming: { socket: { remoteAddress } } };
}

/**
 * A browser-like client for app.request(): keeps cookies and sends the Origin header that
 * better-auth's CSRF check expects.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly context: Pick<TestContext, "app">,
    /** The client's address as the server's socket sees it (none by default, as app.request() has no socket). */
    private readonly options: { remoteAddress?: string } = {},
  ) {}

  async request(method: string, path: string, body?: RequestBody, headers: Record<string, string> = {}): Promise<Response> {
    const url = path.startsWith("http") ? path : `${TEST_ORIGIN}${path}`;
    const response = await this.context.app.request(url, {
      method,
      headers: {
        origin: TEST_ORIGIN,
        ...(body ? { "content-type": "application/json" } : {}),
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ") } : {}),
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
    }, this.options.remoteAddress ? connectionFrom(this.options.remoteAddress) : undefined);
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = /max-age=0/i.test(line) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get = (path: string) => this.request("GET", path);
  post = (path: string, body: RequestBody = {}) => this.request("POST", path, body);
  patch = (path: string, body: RequestBody) => this.request("PATCH", path, body);
  delete = (path: string, body?: RequestBody) => this.request("DELETE", path, body);

  async json<T = Record<string, unknown>>(method: string, path: string, body?: RequestBody): Promise<{ status: number; body: T }> {
    const response = await this.request(method, path, body);
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }
}

/** Follows a link from a mail through the app, as a browser would (one hop). */
export async function followLink(client: TestClient, link: string): Promise<Response> {
  const url = new URL(link);
  return client.request("GET", `${url.pathname}${url.search}`);
}

let counter = 0;
export function uniqueEmail(prefix = "player"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** Registers through the API, verifies from the received mail and returns a signed-in client. */
export async function signUpVerified(
  context: TestContext,
  input: { email?: string; firstName?: string; lastName?: string; password?: string } = {},
): Promise<{ client: TestClient; email: string; password: string; userId: string }> {
  const email = input.email ?? uniqueEmail();
  const password = input.password ?? TEST_PASSWORD;
  const client = new TestClient(context);
  const before = context.mail.mails.length;
  const signUp = await client.json<{ user: { id: string } }>("POST", "/api/auth/sign-up/email", {
    email,
    password,
    name: "ignored",
    firstName: input.firstName ?? "Test",
    lastName: input.lastName ?? "Player",
    callbackURL: "/",
  });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${JSON.stringify(signUp.body)}`);
  const mail = await context.mail.waitFor(email, "verify", { after: before });
  const link = mail.links.find((candidate) => candidate.includes("/api/auth/verify-email"));
  if (!link) throw new Error("no verification link in the mail");
  const verified = await followLink(client, link);
  if (verified.status !== 302) throw new Error(`verification failed: ${verified.status}`);
  return { client, email, password, userId: signUp.body.user.id };
}
