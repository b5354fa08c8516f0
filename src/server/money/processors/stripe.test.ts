import Stripe from "stripe";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventDetail } from "#shared/events.ts";
import { PAYMENT_FAILED } from "#shared/registrations.ts";
import { CARDS, insertGame, join, ledgerOf, playerIn, registrationsOf, stripeMode } from "#test/payments.ts";
import { ADMIN_EMAIL, createTestContext, signUpVerified, TestClient, type TestContext } from "#test/test-app.ts";
import { payment, paymentDispute, stripeEvent } from "#server/db/schema.ts";
import { createStripeGateway } from "./stripe.ts";
import { english } from "#test/shared-english.ts";

/**
 * What only the Stripe mode has: webhooks (signed, stored once, replayed and out of order), Stripe's
 * refunds that fail, disputes, and an API that is down or refuses the key. The flows both modes
 * share are in registrations/payment-flows.test.ts.
 */
let context: TestContext;
let mode: Awaited<ReturnType<typeof stripeMode>>;
let admin: TestClient;
beforeAll(async () => {
  mode = await stripeMode();
  context = await createTestContext(mode.env);
  admin = (await signUpVerified(context, { email: ADMIN_EMAIL })).client;
});
afterAll(async () => {
  await context?.close();
  await mode?.close();
});

const player = (card?: string) => playerIn(context, mode, card);

/** Delivers an event as Stripe would: JSON signed with the webhook secret (or another one). */
async function deliver(event: { id: string; type: string; object: { id: string } }, secret = mode.webhookSecret) {
  const payload = JSON.stringify({ id: event.id, object: "event", type: event.type, data: { object: event.object } });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return context.app.request("http://localhost:3000/api/payments/webhook", {
    method: "POST",
    headers: { "stripe-signature": signature, "content-type": "application/json" },
    body: payload,
  });
}

describe("the browser side", () => {
  it("allows exactly Stripe's documented sources in the Content Security Policy, and tells the web app the publishable key", async () => {
    const response = await context.app.request("/api/config");
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com");
    expect(policy).toContain("frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com");
    expect(policy).toContain("connect-src 'self' https://api.stripe.com");
    expect((await response.json()).payments).toMatchObject({ mode: "stripe", publishableKey: "pk_test_fake" });
  });

  it("gives a SetupIntent for off-session use to the signed-in user only", async () => {
    const person = await signUpVerified(context);
    const intent = await person.client.json<{ clientSecret: string }>("POST", "/api/me/setup-intents", {});
    expect(intent.status).toBe(201);
    expect([...mode.fake.setupIntents.values()].some((si) => si.client_secret === intent.body.clientSecret)).toBe(true);
    expect((await new TestClient(context).json("POST", "/api/me/setup-intents", {})).status).toBe(401);
    // A card form body is refused in stripe mode: card numbers never reach our server there.
    const form = await person.client.json("POST", "/api/me/payment-methods", { card: { number: CARDS.ok, expiry: "12/40", cvc: "123" } });
    expect(form.status).toBe(400);
    // A payment method of another customer, or one Stripe does not know, cannot be saved to this
    // account: the request is wrong (400), no card was declined (402).
    const stranger = await player();
    for (const paymentMethodId of [stranger.card.id, "pm_unknown_to_stripe"]) {
      const refused = await person.client.json<{ error: { code: string; message: string; fields?: Record<string, string> } }>("POST", "/api/me/payment-methods", { paymentMethodId });
      expect(refused.status, paymentMethodId).toBe(400);
      expect(refused.body.error).toEqual({ code: "validation", message: "That card was not found.", fields: { paymentMethodId: "That card was not found." } });
    }
    expect((await person.client.json<{ paymentMethods: unknown[] }>("GET", "/api/me/payment-methods")).body.paymentMethods).toEqual([]);
  });

  it("keeps one copy of a card saved twice (same brand, last 4 and expiry): the new one is detached at Stripe", async () => {
    const person = await signUpVerified(context);
    const first = await mode.saveCard(person.client, CARDS.ok);
    // Saved a minute ago (Stripe's `created` counts seconds; within one second the lower id is kept).
    mode.fake.paymentMethods.get(first.card!.id)!.created -= 60;
    const before = new Set(mode.fake.paymentMethods.keys());
    const again = await mode.saveCard(person.client, CARDS.ok);
    expect(again.card).toEqual(first.card);
    const listed = await person.client.json<{ paymentMethods: { id: string }[] }>("GET", "/api/me/payment-methods");
    expect(listed.body.paymentMethods.map((card) => card.id)).toEqual([first.card!.id]);
    // The copy Stripe.js attached was detached.
    const made = [...mode.fake.paymentMethods.values()].filter((pm) => !before.has(pm.id));
    expect(made.map((pm) => pm.customer)).toEqual([null]);
    // Another card is another card.
    const other = await mode.saveCard(person.client, CARDS.insufficientFunds);
    expect(other.card!.id).not.toBe(first.card!.id);
  });
});

describe("webhooks", () => {
  it("refuses a bad signature with 400 and changes nothing", async () => {
    const response = await deliver({ id: "evt_bad", type: "refund.updated", object: { id: "re_x" } }, "whsec_someone_else");
    expect(response.status).toBe(400);
    expect(await context.database.db.select().from(stripeEvent).where(eq(stripeEvent.id, "evt_bad"))).toEqual([]);
  });

  it("settles a charge from the object fetched from Stripe, whatever the payload says; a replay changes nothing", async () => {
    const game = await insertGame(context);
    const p = await player();
    // The charge is made, but the app never heard back (three lost answers exhaust the SDK's retries, five ours).
    mode.loseAnswers(true);
    const lost = await join(p.client, game.id, { role: "player", paymentMethodId: p.card.id });
    mode.loseAnswers(false);
    expect(lost.status).toBe(502);
    const [reg] = await registrationsOf(context, game.id);
    expect(reg!.status).toBe("pending_payment");
    const intent = [...mode.fake.paymentIntents.values()].find((pi) => pi.metadata.registrationId === reg!.id)!;

    // The payload claims a failure; Stripe says succeeded: the truth wins.
    const event = { id: "evt_pi_1", type: "payment_intent.payment_failed", object: { id: intent.id } };
    expect((await deliver(event)).status).toBe(200);
    expect((await registrationsOf(context, game.id))[0]!.status).toBe("confirmed");
    expect((await deliver(event)).status).toBe(200);
    expect((await ledgerOf(context, reg!.id)).map((r) => [r.kind, r.status])).toEqual([["charge", "succeeded"]]);
    expect(await context.database.db.select().from(stripeEvent).where(eq(stripeEvent.id, "evt_pi_1"))).toHaveLength(1);
  });

  it("settles refunds from Stripe in any delivery order, and shows a refund that later fails to admins", async () => {
    const game = await insertGame(context);
    const p = await player(CARDS.refundFails);
    const joined = await join(p.client, game.id, { role: "player", paymentMethodId: p.card.id });
    await p.client.json("DELETE", `/api/events/${game.id}/registrations/me`);
    const [refundRow] = (await ledgerOf(context, joined.body.registration!.id)).filter((r) => r.kind === "refund");
    // No job runs here: the refund is executed as the job would, then Stripe's events arrive, the later one first.
    const { executeRefund } = await import("#server/money/execute-refund.ts");
    await executeRefund(context.services, refundRow!.id);
    const [afterRefund] = await context.database.db.select().from(payment).where(eq(payment.id, refundRow!.id));
    expect(afterRefund).toMatchObject({ status: "failed" });
    const refund = mode.fake.refunds.get(afterRefund!.gatewayId!)!;
    expect((await deliver({ id: "evt_re_failed", type: "refund.failed", object: { id: refund.id } })).status).toBe(200);
    expect((await deliver({ id: "evt_re_created", type: "refund.created", object: { id: refund.id } })).status).toBe(200);
    const [row] = await context.database.db.select().from(payment).where(eq(payment.id, refundRow!.id));
    expect(row).toMatchObject({ status: "failed", amountCents: 941 });
    const detail = (await admin.json<{ event: EventDetail }>("GET", `/api/events/${game.id}`)).body.event;
    expect(detail.refundIssues).toEqual([expect.objectContaining({ paymentId: refundRow!.id, amountCents: 941 })]);

    // A refund Stripe had said succeeded and then reports failed (the bank returned it) becomes failed.
    const other = await player();
    const second = await join(other.client, game.id, { role: "player", paymentMethodId: other.card.id });
    await other.client.json("DELETE", `/api/events/${game.id}/registrations/me`);
    const [pendingRefund] = (await ledgerOf(context, second.body.registration!.id)).filter((r) => r.kind === "refund");
    await executeRefund(context.services, pendingRefund!.id);
    const [succeeded] = await context.database.db.select().from(payment).where(eq(payment.id, pendingRefund!.id));
    expect(succeeded!.status).toBe("succeeded");
    mode.fake.refunds.get(succeeded!.gatewayId!)!.status = "failed";
    await deliver({ id: "evt_re_updated", type: "refund.updated", object: { id: succeeded!.gatewayId! } });
    const [reverted] = await context.database.db.select().from(payment).where(eq(payment.id, pendingRefund!.id));
    expect(reverted).toMatchObject({ status: "failed" });
  });

  it("records a dispute for admins, once", async () => {
    const game = await insertGame(context);
    const p = await player();
    const joined = await join(p.client, game.id, { role: "player", paymentMethodId: p.card.id });
    const [charge] = await ledgerOf(context, joined.body.registration!.id);
    const dispute = mode.fake.openDispute(charge!.gatewayId!);
    for (const id of ["evt_dp_1", "evt_dp_1", "evt_dp_2"]) {
      expect((await deliver({ id, type: "charge.dispute.created", object: { id: String(dispute.id) } })).status).toBe(200);
    }
    const rows = await context.database.db.select().from(paymentDispute).where(eq(paymentDispute.eventId, game.id));
    expect(rows).toEqual([expect.objectContaining({ amountCents: 1000, reason: "fraudulent", registrationId: joined.body.registration!.id })]);
    const detail = (await admin.json<{ event: EventDetail }>("GET", `/api/events/${game.id}`)).body.event;
    expect(detail.disputes).toEqual([expect.objectContaining({ amountCents: 1000, reason: "fraudulent" })]);
  });

  it("acknowledges an event type it does not handle", async () => {
    const response = await deliver({ id: "evt_other", type: "customer.created", object: { id: "cus_x" } });
    expect(response.status).toBe(200);
  });
});

describe("when Stripe cannot be reached or refuses the key", () => {
  it("answers 'Payment failed. Please try again.' (502), keeps the registration, and a retry charges once", async () => {
    const game = await insertGame(context, { maxPlayers: 1 });
    const p = await player();
    // Every try of every charge request (ours five, the SDK's three each) finds Stripe unreachable.
    mode.fake.failNext(15, "down", "POST /v1/payment_intents");
    const down = await join(p.client, game.id, { role: "player", paymentMethodId: p.card.id });
    expect(down.status).toBe(502);
    expect(down.body.error?.message).toBe(english(PAYMENT_FAILED));
    expect((await registrationsOf(context, game.id)).map((r) => r.status)).toEqual(["pending_payment"]);
    const retried = await join(p.client, game.id, { role: "player" });
    expect(retried.body.registration?.status).toBe("confirmed");
    expect([...mode.fake.paymentIntents.values()].filter((pi) => pi.metadata.registrationId === retried.body.registration!.id)).toHaveLength(1);
  });

  it("a wrong key is a 502 with the user's message, and nothing is reserved", async () => {
    const broken = createStripeGateway({ secretKey: "sk_test_wrong", apiUrl: mode.fake.url });
    await expect(broken.createCustomer({ email: "x@example.com", idempotencyKey: "customer:x" })).rejects.toThrow(/Invalid API Key/);
    const wrongKey = await createTestContext({ ...mode.env, STRIPE_SECRET_KEY: "sk_test_wrong" });
    try {
      const person = await signUpVerified(wrongKey);
      const setup = await person.client.json<{ error: { message: string } }>("POST", "/api/me/setup-intents", {});
      expect(setup.status).toBe(502);
      expect(setup.body.error.message).toBe(english(PAYMENT_FAILED));
      const game = await insertGame(wrongKey);
      const joined = await join(person.client, game.id, { role: "player", paymentMethodId: "pm_anything" });
      expect(joined.status).toBe(502);
      expect(await registrationsOf(wrongKey, game.id)).toEqual([]);
    } finally {
      await wrongKey.close();
    }
  });
});
