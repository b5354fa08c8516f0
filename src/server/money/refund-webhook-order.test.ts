import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { CARDS, insertGame, join, ledgerOf, playerIn, registrationDeps, stripeMode } from "#test/payments.ts";
import { ADMIN_EMAIL, createTestContext, signUpVerified, type TestClient, type TestContext } from "#test/test-app.ts";
import { payment } from "#server/db/schema.ts";
import { executeRefund } from "./execute-refund.ts";

/**
 * Issue 30: a webhook about an earlier attempt at a refund never moves the ledger row of a newer
 * one. An admin's Retry puts a failed row back to pending under a new key; Stripe's late news about
 * the refused first attempt (refund.failed, refund.updated, charge.refunded) must not make it
 * failed again, neither when it arrives after the Retry nor when it was being handled while the
 * Retry committed. The app talks to the fake Stripe through a loopback relay that can hold one
 * request, so the webhook and the Retry really run at the same time, in the order the test sets.
 */
let context: TestContext;
let mode: Awaited<ReturnType<typeof stripeMode>>;
let relay: HoldingRelay;
let admin: TestClient;

beforeAll(async () => {
  mode = await stripeMode();
  relay = await new HoldingRelay(mode.fake.port).start();
  context = await createTestContext({ ...mode.env, STRIPE_API_URL: relay.url });
  admin = (await signUpVerified(context, { email: ADMIN_EMAIL })).client;
});
afterAll(async () => {
  await context?.close();
  await relay?.stop();
  await mode?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Delivers an event as Stripe would: JSON signed with the webhook secret. */
async function deliver(event: { id: string; type: string; object: { id: string } }) {
  const payload = JSON.stringify({ id: event.id, object: "event", type: event.type, data: { object: event.object } });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: mode.webhookSecret });
  return context.app.request("http://localhost:3000/api/payments/webhook", {
    method: "POST",
    headers: { "stripe-signature": signature, "content-type": "application/json" },
    body: payload,
  });
}

async function rowOf(paymentId: string) {
  const [row] = await context.database.db.select().from(payment).where(eq(payment.id, paymentId));
  return row!;
}

/** A paid player who left: their refund was sent once and Stripe refused it (the card's refunds fail). */
async function refusedRefund() {
  const game = await insertGame(context);
  const p = await playerIn(context, mode, CARDS.refundFails);
  const joined = await join(p.client, game.id, { role: "player", paymentMethodId: p.card.id });
  expect(joined.status).toBe(201);
  expect((await p.client.json("DELETE", `/api/events/${game.id}/registrations/me`)).status).toBe(200);
  const [pending] = (await ledgerOf(context, joined.body.registration!.id)).filter((row) => row.kind === "refund");
  await executeRefund(registrationDeps(context), pending!.id);
  const failed = await rowOf(pending!.id);
  expect(failed).toMatchObject({ status: "failed", idempotencyKey: `refund:${joined.body.registration!.id}` });
  const firstAttempt = mode.fake.refunds.get(failed.gatewayId!)!;
  expect(firstAttempt.status).toBe("failed");
  // The bank's problem is fixed: the next attempt at Stripe goes through.
  mode.fake.paymentMethods.get(p.card.id)!.behaviour = "ok";
  return { game, row: failed, firstAttempt };
}

const retry = (eventId: string, paymentId: string) => admin.json<{ status: string }>("POST", `/api/events/${eventId}/refunds/${paymentId}/retry`);

let eventCounter = 0;
const eventId = (name: string) => `evt_${name}_${++eventCounter}`;

describe("news about an earlier refund attempt", () => {
  it("a refund.failed being handled while the admin's Retry commits leaves the retry pending, and the retry refunds", async () => {
    const { game, row, firstAttempt } = await refusedRefund();
    // The webhook reads the ledger row, then asks Stripe for the charge's refunds: that list is held
    // at the relay until the Retry has committed.
    const held = relay.holdNext((request) => request.method === "GET" && new URL(request.url ?? "/", "http://x").pathname === "/v1/refunds");
    const webhook = deliver({ id: eventId("re_failed"), type: "refund.failed", object: { id: firstAttempt.id } });
    await held.arrived;
    const retried = await retry(game.id, row.id);
    expect(retried).toEqual({ status: 202, body: expect.objectContaining({ status: "pending" }) });
    const afterRetry = await rowOf(row.id);
    expect(afterRetry).toMatchObject({ status: "pending", gatewayId: null, attempts: 0 });
    expect(afterRetry.idempotencyKey).toMatch(new RegExp(`^${row.idempotencyKey}:retry:[0-9a-f-]{36}$`));
    held.release();
    expect((await webhook).status).toBe(200);

    // The late news did not touch the newer attempt.
    expect(await rowOf(row.id)).toMatchObject({ status: "pending", idempotencyKey: afterRetry.idempotencyKey, gatewayId: null, error: null });

    // The refund job runs the retry: money goes back once, under the retry's key, which Stripe keeps.
    await executeRefund(registrationDeps(context), row.id);
    const done = await rowOf(row.id);
    expect(done).toMatchObject({ status: "succeeded", idempotencyKey: afterRetry.idempotencyKey });
    expect(done.gatewayId).not.toBe(firstAttempt.id);
    const refunds = [...mode.fake.refunds.values()].filter((refund) => refund.payment_intent === firstAttempt.payment_intent);
    expect(refunds.map((refund) => [refund.status, refund.metadata.refundKey])).toEqual([
      ["failed", row.idempotencyKey],
      ["succeeded", afterRetry.idempotencyKey],
    ]);
  });

  it("news about the first attempt after the Retry is ignored for the row, and logged; news about the retry settles it", async () => {
    const { game, row, firstAttempt } = await refusedRefund();
    expect((await retry(game.id, row.id)).status).toBe(202);
    const retrying = await rowOf(row.id);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});

    for (const type of ["refund.failed", "refund.updated", "charge.refunded"]) {
      const object = { id: type === "charge.refunded" ? `ch_${firstAttempt.payment_intent}` : firstAttempt.id };
      expect((await deliver({ id: eventId(type), type, object })).status).toBe(200);
      expect(await rowOf(row.id)).toMatchObject({ status: "pending", idempotencyKey: retrying.idempotencyKey, gatewayId: null, error: null });
    }
    const logged = warn.mock.calls.map((call) => call.join(" "));
    expect(logged.filter((line) => line.includes(firstAttempt.id) && line.includes("ignored"))).toHaveLength(3);

    await executeRefund(registrationDeps(context), row.id);
    const done = await rowOf(row.id);
    expect(done).toMatchObject({ status: "succeeded", idempotencyKey: retrying.idempotencyKey });

    // After the retry went through, the first attempt's news still changes nothing.
    expect((await deliver({ id: eventId("re_updated"), type: "refund.updated", object: { id: firstAttempt.id } })).status).toBe(200);
    expect(await rowOf(row.id)).toMatchObject({ status: "succeeded", gatewayId: done.gatewayId });

    // The retry's own refund, sent back by the bank later, is news about the row's attempt: failed, for admins.
    mode.fake.refunds.get(done.gatewayId!)!.status = "failed";
    expect((await deliver({ id: eventId("re_updated"), type: "refund.updated", object: { id: done.gatewayId! } })).status).toBe(200);
    expect(await rowOf(row.id)).toMatchObject({ status: "failed", gatewayId: done.gatewayId, idempotencyKey: retrying.idempotencyKey });
  });
});

/**
 * A loopback HTTP relay to the fake Stripe that can hold back the next request matching a test,
 * until the test releases it: the request really is in flight at that moment.
 */
class HoldingRelay {
  private server: Server = createServer((request, response) => void this.forward(request, response));
  private holds: { matches: (request: IncomingMessage) => boolean; arrive: () => void; gate: Promise<void> }[] = [];
  port = 0;

  constructor(private readonly upstreamPort: number) {}

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Holds the next request that matches: `arrived` once it is here, `release()` lets it go on. */
  holdNext(matches: (request: IncomingMessage) => boolean): { arrived: Promise<void>; release: () => void } {
    let arrive!: () => void;
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    this.holds.push({ matches, arrive, gate });
    return { arrived, release };
  }

  private async forward(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const index = this.holds.findIndex((hold) => hold.matches(request));
    if (index !== -1) {
      const [hold] = this.holds.splice(index, 1);
      hold!.arrive();
      await hold!.gate;
    }
    const upstream = httpRequest(
      { host: "127.0.0.1", port: this.upstreamPort, method: request.method, path: request.url, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on("error", () => response.destroy());
    upstream.end(Buffer.concat(chunks));
  }
}
