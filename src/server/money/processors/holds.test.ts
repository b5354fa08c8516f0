import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOLD_LIFETIME_HOURS } from "#shared/holds.ts";
import { createTestDatabase } from "#test/database.ts";
import { FakeStripe } from "#test/fake-stripe.ts";
import { CARDS, FUTURE_EXPIRY } from "#test/payments.ts";
import type { Database } from "#server/db/client.ts";
import { type ChargeInput, GatewayUnavailableError, type HoldOutcome, type PaymentGateway } from "./gateway.ts";
import { createSimulatedGateway, type SimulatedFaults, type SimulatedGateway } from "./simulated.ts";
import { createStripeGateway, type StripeGateway } from "./stripe.ts";

/**
 * Card holds at the processor (docs/money.md, "Holds in the money module"), the same contract on
 * both: the simulated processor on its tables, Stripe's adapter against the Stripe-compatible server
 * on loopback. Placing follows the test cards as charges do; a capture takes up to the held amount
 * once, whatever the key; a release is idempotent; an expired hold cannot be captured; a held amount
 * is never a succeeded charge; a lost answer is the processor's work done, learnt by asking again.
 */
const HOUR = 3_600_000;

describe.each(["simulated", "stripe"] as const)("card holds at the %s processor", (modeName) => {
  let database: Database | undefined;
  let fake: FakeStripe | undefined;
  let gateway: PaymentGateway;
  const faults: SimulatedFaults = {};
  // The simulated processor's clock; Stripe's holds are expired by the fake's hook.
  let clockOffsetMs = 0;

  beforeAll(async () => {
    if (modeName === "simulated") {
      database = await createTestDatabase();
      faults.now = () => Date.now() + clockOffsetMs;
      gateway = createSimulatedGateway(database.db, faults);
    } else {
      fake = await new FakeStripe().start();
      gateway = createStripeGateway({ secretKey: fake.secretKey, apiUrl: fake.url });
    }
  });
  afterAll(async () => {
    await database?.close();
    await fake?.stop();
  });

  /** A customer with a saved test card, as each processor saves one. */
  async function cardOf(number: string = CARDS.ok) {
    const customerId = await gateway.createCustomer({ email: `${randomUUID()}@example.com`, idempotencyKey: `customer:${randomUUID()}` });
    const paymentMethodId = fake
      ? fake.createPaymentMethod(number, customerId).id
      : (await gateway.saveCard({ customerId, card: { number, expiry: FUTURE_EXPIRY, cvc: "123" } })).id;
    return { customerId, paymentMethodId };
  }

  async function holdInput(options: { number?: string; amountCents?: number; offSession?: boolean } = {}): Promise<ChargeInput> {
    const registrationId = randomUUID();
    return {
      ...(await cardOf(options.number)),
      amountCents: options.amountCents ?? 1000,
      currency: "cad",
      offSession: options.offSession ?? false,
      idempotencyKey: `hold:${registrationId}`,
      metadata: { registrationId, eventId: randomUUID() },
    };
  }

  const capture = (holdId: string, amountCents: number, key = `capture:${holdId}`) => gateway.captureHold({ holdId, amountCents, idempotencyKey: key });
  const release = (holdId: string, key = `release:${holdId}`) => gateway.releaseHold({ holdId, idempotencyKey: key });
  const held = (outcome: HoldOutcome) => {
    expect(outcome.status).toBe("held");
    return outcome as Extract<HoldOutcome, { status: "held" }>;
  };

  /** Lets the hold lapse at the processor: the simulated clock moves past its lifetime, or Stripe cancels it. */
  async function expire(holdId: string) {
    if (fake) fake.expireHold(holdId);
    else clockOffsetMs += HOLD_LIFETIME_HOURS * HOUR + 60_000;
  }

  async function loseAnswers(on: boolean) {
    if (fake) fake.loseAnswers = on;
    else faults.lostResponseRate = on ? 1 : 0;
  }

  it("places a hold for 7 days, the same key answering the same hold; a capture takes part of it, once, and is then a charge of what was taken", async () => {
    const input = await holdInput({ amountCents: 1200 });
    const placed = held(await gateway.placeHold(input));
    expect(placed.amountCents).toBe(1200);
    const lifetime = placed.expiresAt.getTime() - Date.now() - clockOffsetMs;
    expect(lifetime).toBeGreaterThan((HOLD_LIFETIME_HOURS - 1) * HOUR);
    expect(lifetime).toBeLessThanOrEqual(HOLD_LIFETIME_HOURS * HOUR + 1000);
    expect(await gateway.placeHold(input)).toEqual(placed);
    expect(await gateway.getHold(placed.holdId)).toEqual(placed);
    expect(await gateway.findHold({ chargeId: null, idempotencyKey: input.idempotencyKey, registrationId: input.metadata.registrationId, customerId: input.customerId, since: new Date() })).toEqual(placed);
    expect((await gateway.listOpenHolds()).find((open) => open.holdId === placed.holdId)).toEqual({ holdId: placed.holdId, amountCents: 1200, registrationId: input.metadata.registrationId });

    // Held is not charged: no charge lookup calls it succeeded, and nothing is settled.
    await expect(gateway.getCharge(placed.holdId)).rejects.toBeInstanceOf(GatewayUnavailableError);
    expect((await gateway.listSettled()).charges.some((charge) => charge.chargeId === placed.holdId)).toBe(false);
    // A charge lookup by the registration does not take its hold for its charge.
    if (fake) expect(await gateway.findCharge({ chargeId: null, idempotencyKey: `charge:${input.metadata.registrationId}`, registrationId: input.metadata.registrationId, customerId: input.customerId, since: new Date() })).toBeNull();

    // More than held is refused, and changes nothing.
    expect(await capture(placed.holdId, 1300, "capture:too-much")).toMatchObject({ status: "failed", code: "amount_too_large" });
    const captured = await capture(placed.holdId, 800);
    expect(captured).toEqual({ status: "captured", holdId: placed.holdId, amountCents: 1200, capturedCents: 800 });
    // The same key, or another, answers the first capture: the money is taken once.
    expect(await capture(placed.holdId, 800)).toEqual(captured);
    expect(await capture(placed.holdId, 1200, "capture:another")).toMatchObject({ status: "captured", capturedCents: 800 });
    expect(await gateway.getCharge(placed.holdId)).toEqual({ status: "succeeded", chargeId: placed.holdId, amountCents: 800 });
    expect((await gateway.listSettled()).charges.find((charge) => charge.chargeId === placed.holdId)).toEqual({ chargeId: placed.holdId, amountCents: 800, registrationId: input.metadata.registrationId });
    expect((await gateway.listOpenHolds()).some((open) => open.holdId === placed.holdId)).toBe(false);
    // Releasing a captured hold takes nothing back: it answers captured.
    expect(await release(placed.holdId)).toMatchObject({ status: "captured", capturedCents: 800 });
    // Refunded like any charge, up to what was captured.
    expect(await gateway.refund({ chargeId: placed.holdId, amountCents: 900, idempotencyKey: `refund:${randomUUID()}`, metadata: input.metadata })).toMatchObject({ status: "failed" });
    expect(await gateway.refund({ chargeId: placed.holdId, amountCents: 800, idempotencyKey: `refund:${randomUUID()}`, metadata: input.metadata })).toMatchObject({ status: "succeeded", amountCents: 800 });
  });

  it("releases a hold once however often asked; a released hold cannot be captured", async () => {
    const placed = held(await gateway.placeHold(await holdInput()));
    const released = await release(placed.holdId);
    expect(released).toEqual({ status: "released", holdId: placed.holdId, amountCents: 1000, expired: false });
    expect(await release(placed.holdId)).toEqual(released);
    expect(await release(placed.holdId, "release:another")).toEqual(released);
    expect(await gateway.getHold(placed.holdId)).toEqual(released);
    expect(await capture(placed.holdId, 1000)).toMatchObject({ status: "failed", code: "hold_released" });
    await expect(gateway.getCharge(placed.holdId)).resolves.toMatchObject({ status: "failed" });
    expect((await gateway.listOpenHolds()).some((open) => open.holdId === placed.holdId)).toBe(false);
  });

  it("lets a hold lapse at its expiry: capturing it then fails hold_expired, releasing it answers released (expired)", async () => {
    const placed = held(await gateway.placeHold(await holdInput()));
    await expire(placed.holdId);
    expect(await capture(placed.holdId, 1000)).toMatchObject({ status: "failed", holdId: placed.holdId, code: "hold_expired" });
    expect(await gateway.getHold(placed.holdId)).toEqual({ status: "released", holdId: placed.holdId, amountCents: 1000, expired: true });
    expect(await release(placed.holdId)).toEqual({ status: "released", holdId: placed.holdId, amountCents: 1000, expired: true });
    expect((await gateway.listOpenHolds()).some((open) => open.holdId === placed.holdId)).toBe(false);
    expect((await gateway.listSettled()).charges.some((charge) => charge.chargeId === placed.holdId)).toBe(false);
  });

  it("refuses holds as it refuses charges: declines, insufficient funds, authentication off-session", async () => {
    expect(await gateway.placeHold(await holdInput({ number: CARDS.declined }))).toMatchObject({ status: "failed", code: fake ? "generic_decline" : "card_declined" });
    expect(await gateway.placeHold(await holdInput({ number: CARDS.insufficientFunds }))).toMatchObject({ status: "failed", code: "insufficient_funds" });
    expect(await gateway.placeHold(await holdInput({ number: CARDS.authentication, offSession: true }))).toMatchObject({ status: "failed", code: "authentication_required" });
  });

  it("asks for the bank's check on-session; passing it holds the card, failing it places nothing", async () => {
    for (const outcome of ["complete", "fail"] as const) {
      const input = await holdInput({ number: CARDS.authentication });
      const waiting = await gateway.placeHold(input);
      if (waiting.status !== "requires_action") throw new Error(`expected requires_action, got ${waiting.status}`);
      if (fake) fake.authenticate(waiting.clientSecret, outcome);
      else await (gateway as SimulatedGateway).authenticate({ clientSecret: waiting.clientSecret, customerId: input.customerId, outcome });
      const after = await gateway.getHold(waiting.holdId);
      if (outcome === "complete") expect(held(after).holdId).toBe(waiting.holdId);
      else expect(after).toMatchObject({ status: "failed", code: "payment_intent_authentication_failure" });
    }
    // One waiting for the check can be let go, so it is never authorised later.
    const waiting = await gateway.placeHold(await holdInput({ number: CARDS.authentication }));
    expect(await release(waiting.holdId!)).toMatchObject({ status: "released", expired: false });
  });

  it("does the work when its answer is lost: placing, capturing and releasing again with the same key finds it done", async () => {
    const input = await holdInput();
    await loseAnswers(true);
    await expect(gateway.placeHold(input)).rejects.toBeInstanceOf(GatewayUnavailableError);
    await loseAnswers(false);
    const placed = held(await gateway.placeHold(input));
    expect(await gateway.listOpenHolds()).toContainEqual(expect.objectContaining({ holdId: placed.holdId }));

    await loseAnswers(true);
    await expect(capture(placed.holdId, 600)).rejects.toBeInstanceOf(GatewayUnavailableError);
    await loseAnswers(false);
    expect(await capture(placed.holdId, 600)).toMatchObject({ status: "captured", capturedCents: 600 });

    const other = held(await gateway.placeHold(await holdInput()));
    await loseAnswers(true);
    await expect(release(other.holdId)).rejects.toBeInstanceOf(GatewayUnavailableError);
    await loseAnswers(false);
    expect(await gateway.getHold(other.holdId)).toMatchObject({ status: "released", expired: false });
    expect(await release(other.holdId)).toMatchObject({ status: "released", expired: false });
  });
});

describe("Stripe's intents as holds", () => {
  let fake: FakeStripe;
  let gateway: StripeGateway;
  beforeAll(async () => {
    fake = await new FakeStripe().start();
    gateway = createStripeGateway({ secretKey: fake.secretKey, apiUrl: fake.url });
  });
  afterAll(async () => {
    await fake.stop();
  });

  it("sends capture_method manual and every call with its key, reads capture_before from the charge, and lists what the webhook needs", async () => {
    const customerId = await gateway.createCustomer({ email: "holds@example.com", idempotencyKey: "customer:holds" });
    const method = fake.createPaymentMethod(CARDS.ok, customerId);
    const registrationId = randomUUID();
    const placed = await gateway.placeHold({
      customerId,
      paymentMethodId: method.id,
      amountCents: 1500,
      currency: "cad",
      offSession: true,
      idempotencyKey: `hold:${registrationId}`,
      metadata: { registrationId, eventId: randomUUID() },
    });
    if (placed.status !== "held") throw new Error(placed.status);
    const intent = fake.paymentIntents.get(placed.holdId)!;
    expect(intent).toMatchObject({ capture_method: "manual", status: "requires_capture", amount_capturable: 1500 });
    expect(placed.expiresAt.getTime()).toBe(intent.capture_before! * 1000);
    // Without the charge expanded (an event's payload, an old API version), 7 days from creation.
    const { holdOutcomeOf } = await import("./stripe.ts");
    const bare = await gateway.stripe.paymentIntents.retrieve(placed.holdId);
    expect(holdOutcomeOf(bare)).toEqual({ status: "held", holdId: placed.holdId, amountCents: 1500, expiresAt: new Date((bare.created + HOLD_LIFETIME_HOURS * 3600) * 1000) });

    await gateway.captureHold({ holdId: placed.holdId, amountCents: 1000, idempotencyKey: `capture:${registrationId}` });
    expect(fake.paymentIntents.get(placed.holdId)).toMatchObject({ status: "succeeded", amount_received: 1000, amount_capturable: 0 });
    expect(fake.events.filter((event) => event.object.id === placed.holdId).map((event) => event.type)).toEqual(["payment_intent.amount_capturable_updated", "payment_intent.succeeded"]);
    // A hold captured is a charge of what was taken, never of what was held.
    const { outcomeOf } = await import("./stripe.ts");
    expect(outcomeOf(await gateway.stripe.paymentIntents.retrieve(placed.holdId))).toEqual({ status: "succeeded", chargeId: placed.holdId, amountCents: 1000 });
    await gateway.releaseHold({ holdId: placed.holdId, idempotencyKey: `release:${registrationId}` });
    expect(fake.keys.filter(({ call }) => call.startsWith("POST /v1/payment_intents"))).toEqual([
      { call: "POST /v1/payment_intents", key: `hold:${registrationId}` },
      { call: `POST /v1/payment_intents/${placed.holdId}/capture`, key: `capture:${registrationId}` },
      { call: `POST /v1/payment_intents/${placed.holdId}/cancel`, key: `release:${registrationId}` },
    ]);
  });
});
