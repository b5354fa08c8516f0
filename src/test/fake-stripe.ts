import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { behaviourOf, brandOf, type CardBehaviour, DECLINES } from "#server/money/processors/test-cards.ts";

/**
 * A small Stripe-compatible API server on loopback, for the Stripe adapter's tests: no Stripe mock
 * server can be installed on the build machines (docs/testing-and-budgets.md, "Facts about the machines").
 * It answers only the endpoints the adapter uses, form-encoded as the official SDK sends them, with
 * Stripe's real idempotency behaviour (a key replays the first response, errors included) and the
 * test cards' behaviours. Routes under /test/ stand in for what Stripe.js does in the browser:
 * confirming a SetupIntent with a card, and the 3-D Secure step. Holds (capture_method manual) are
 * authorised for `holdLifetimeSeconds`, captured up to what is capturable, cancelled, and expired by
 * a test hook (`expireHold`), as Stripe's card authorisations are.
 */

type Json = Record<string, unknown>;

interface PaymentMethod {
  id: string;
  customer: string | null;
  behaviour: CardBehaviour;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  created: number;
}
interface PaymentIntent {
  id: string;
  amount: number;
  /** What a capture may still take (a hold that is authorised), else 0. */
  amount_capturable: number;
  /** What was taken: the amount of a charge, what a hold's capture took. */
  amount_received: number;
  currency: string;
  customer: string;
  payment_method: string;
  capture_method: "automatic" | "manual";
  status: "succeeded" | "requires_action" | "requires_capture" | "requires_payment_method" | "canceled";
  /** `automatic`: Stripe let an uncaptured hold go at its expiry; else what the cancel asked, or null. */
  cancellation_reason: string | null;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: { code: string; message: string; decline_code?: string } | null;
  created: number;
  /** A hold's authorisation lapses then (its charge's payment_method_details.card.capture_before). */
  capture_before: number | null;
}
interface Refund {
  id: string;
  payment_intent: string;
  amount: number;
  status: "succeeded" | "pending" | "failed";
  failure_reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

export class FakeStripe {
  readonly secretKey = `sk_test_fake_${randomBytes(8).toString("hex")}`;
  readonly customers = new Map<string, Json>();
  readonly paymentMethods = new Map<string, PaymentMethod>();
  readonly setupIntents = new Map<string, { id: string; customer: string; client_secret: string; status: string; payment_method: string | null }>();
  readonly paymentIntents = new Map<string, PaymentIntent>();
  readonly refunds = new Map<string, Refund>();
  readonly disputes = new Map<string, Json>();
  /**
   * While true, every charge, refund, hold, capture and hold's release is made (or replayed) and then
   * its connection closed: the answer is lost, as with the simulated processor's lost responses.
   */
  loseAnswers = false;
  /**
   * While true, the Search API does not see new PaymentIntents yet, as Stripe documents for its
   * search index (a lag of up to a minute, more during outages). Lists and retrieves are consistent.
   */
  searchLags = false;
  /** Each new PaymentIntent takes this long to create: a second request with its key meanwhile is `idempotency_key_in_use`. */
  chargeDelayMs = 0;
  /** Requests received, by "METHOD /path" (tests count calls). */
  readonly calls: string[] = [];
  /** The idempotency key of each POST received, by "METHOD /path" (null: sent without one). */
  readonly keys: { call: string; key: string | null }[] = [];
  /**
   * The webhook events Stripe would send about PaymentIntents, in order (this server delivers none:
   * a test delivers those it wants, signed, as stripe.test.ts does).
   */
  readonly events: { id: string; type: string; object: { id: string } }[] = [];
  /** How long a hold's authorisation lasts, as Stripe's online card payments (7 days). */
  holdLifetimeSeconds = 7 * 24 * 3600;
  private readonly idempotent = new Map<string, { status: number; body: Json }>();
  /** Keys whose first request is still being processed. */
  private readonly inFlight = new Set<string>();
  /** Requests held open by a 'hang' fault, answered never (closed at stop). */
  private readonly hanging: ServerResponse[] = [];
  /**
   * The next n API requests fail: 'down' closes the connection before doing anything, 'error'
   * answers 500, 'lost' does the work and then closes the connection (the answer is lost), 'hang'
   * does nothing and never answers.
   */
  private faults: { kind: FaultKind; call?: string }[] = [];
  private server: Server = createServer((request, response) => void this.handle(request, response));
  port = 0;

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Fails the next `count` requests, or only those of one call (e.g. "POST /v1/payment_intents"). */
  failNext(count: number, kind: FaultKind = "down", call?: string) {
    for (let i = 0; i < count; i++) this.faults.push({ kind, call });
  }

  /** Deletes a customer, as the Dashboard or the API would: its cards can no longer be charged. */
  deleteCustomer(customerId: string) {
    this.customers.delete(customerId);
    for (const pm of this.paymentMethods.values()) if (pm.customer === customerId) pm.customer = null;
  }

  /** Forgets the faults not used yet. */
  clearFaults() {
    this.faults = [];
  }

  /** What Stripe.js does with the Payment Element: a card confirmed on a SetupIntent, attached to its customer. */
  confirmSetup(setupIntentClientSecret: string, number: string): { paymentMethodId?: string; error?: string } {
    const intent = [...this.setupIntents.values()].find((candidate) => candidate.client_secret === setupIntentClientSecret);
    if (!intent) return { error: "No such setup intent." };
    const behaviour = behaviourOf(number);
    if (behaviour === "declined_on_save") return { error: DECLINES.card_declined };
    const method = this.createPaymentMethod(number, intent.customer);
    intent.status = "succeeded";
    intent.payment_method = method.id;
    return { paymentMethodId: method.id };
  }

  /** A payment method created in the browser and not yet attached to anyone. */
  createPaymentMethod(number: string, customer: string | null = null): PaymentMethod {
    const digits = number.replace(/\D/g, "");
    const method: PaymentMethod = {
      id: id("pm"),
      customer,
      behaviour: behaviourOf(digits),
      card: { brand: brandOf(digits).toLowerCase().replace(" ", "_"), last4: digits.slice(-4), exp_month: 12, exp_year: new Date().getUTCFullYear() + 3 },
      created: now(),
    };
    this.paymentMethods.set(method.id, method);
    return method;
  }

  /** What Stripe.js's handleNextAction does once the customer passes or fails 3-D Secure: a hold is then authorised. */
  authenticate(clientSecret: string, outcome: "complete" | "fail") {
    const intent = [...this.paymentIntents.values()].find((candidate) => candidate.client_secret === clientSecret);
    if (!intent || intent.status !== "requires_action") return;
    if (outcome === "complete") this.authorise(intent);
    else {
      intent.status = "requires_payment_method";
      intent.last_payment_error = { code: "payment_intent_authentication_failure", message: DECLINES.payment_intent_authentication_failure };
      this.emit("payment_intent.payment_failed", intent);
    }
  }

  /** What the card networks do to a hold not captured in time: Stripe cancels it (cancellation_reason automatic). */
  expireHold(paymentIntentId: string) {
    const intent = this.paymentIntents.get(paymentIntentId);
    if (!intent || intent.status !== "requires_capture") return;
    intent.status = "canceled";
    intent.cancellation_reason = "automatic";
    intent.amount_capturable = 0;
    this.emit("payment_intent.canceled", intent);
  }

  /** A confirmed intent the bank accepted: a charge succeeds, a hold is authorised until capture_before. */
  private authorise(intent: PaymentIntent) {
    if (intent.capture_method === "manual") {
      intent.status = "requires_capture";
      intent.amount_capturable = intent.amount;
      intent.capture_before = now() + this.holdLifetimeSeconds;
      this.emit("payment_intent.amount_capturable_updated", intent);
    } else {
      intent.status = "succeeded";
      intent.amount_received = intent.amount;
      this.emit("payment_intent.succeeded", intent);
    }
  }

  private emit(type: string, intent: PaymentIntent) {
    this.events.push({ id: id("evt"), type, object: { id: intent.id } });
  }

  /** A dispute opened on a payment intent's charge (what the bank does; Stripe then sends charge.dispute.created). */
  openDispute(paymentIntentId: string, reason = "fraudulent"): Json {
    const intent = this.paymentIntents.get(paymentIntentId)!;
    const dispute = { id: id("dp"), object: "dispute", amount: intent.amount, currency: intent.currency, payment_intent: intent.id, charge: `ch_${intent.id}`, reason, status: "needs_response", created: now() };
    this.disputes.set(dispute.id, dispute);
    return dispute;
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", "http://localhost");
    const body = parseForm(await readBody(request));
    const call = `${request.method} ${url.pathname}`;
    this.calls.push(call);
    const faultIndex = this.faults.findIndex((candidate) => !candidate.call || candidate.call === call);
    const fault = faultIndex === -1 ? undefined : this.faults.splice(faultIndex, 1)[0]!.kind;
    if (fault === "down") {
      request.socket.destroy();
      return;
    }
    if (fault === "hang") {
      this.hanging.push(response);
      return;
    }
    const send = (status: number, json: Json) => {
      response.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
      response.end(JSON.stringify(json));
    };
    if (fault === "error") return send(500, { error: { type: "api_error", message: "Something went wrong on Stripe's end." } });
    if (request.headers.authorization !== `Bearer ${this.secretKey}`) {
      return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided." } });
    }
    const key = request.headers["idempotency-key"];
    if (request.method === "POST") this.keys.push({ call, key: typeof key === "string" ? key : null });
    const idempotencyKey = request.method === "POST" && typeof key === "string" ? `${call}:${key}` : null;
    const replay = idempotencyKey ? this.idempotent.get(idempotencyKey) : undefined;
    const losing = this.loseAnswers && request.method === "POST" && this.answerMayBeLost(call);
    if (replay && losing) {
      request.socket.destroy();
      return;
    }
    if (replay) {
      response.setHeader("idempotent-replayed", "true");
      return send(replay.status, replay.body);
    }
    if (idempotencyKey && this.inFlight.has(idempotencyKey)) {
      return send(409, {
        error: { type: "invalid_request_error", code: "idempotency_key_in_use", message: "There is currently another in-progress request using this Idempotent Key." },
      });
    }
    if (idempotencyKey) this.inFlight.add(idempotencyKey);
    if (call === "POST /v1/payment_intents" && this.chargeDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.chargeDelayMs));
    const [status, json] = this.route(request.method ?? "GET", url, body);
    if (idempotencyKey) {
      this.idempotent.set(idempotencyKey, { status, body: json });
      this.inFlight.delete(idempotencyKey);
    }
    if (fault === "lost" || losing) {
      request.socket.destroy();
      return;
    }
    send(status, json);
  }

  /** The calls `loseAnswers` loses: charges and holds made, refunds, and a hold's capture or release. */
  private answerMayBeLost(call: string): boolean {
    if (call === "POST /v1/payment_intents" || call === "POST /v1/refunds") return true;
    const [, , resource, resourceId, action] = call.split(" ")[1]!.split("/");
    if (resource !== "payment_intents" || !resourceId) return false;
    return action === "capture" || (action === "cancel" && this.paymentIntents.get(resourceId)?.capture_method === "manual");
  }

  private route(method: string, url: URL, body: Json): [number, Json] {
    const parts = url.pathname.split("/").filter(Boolean);
    const notFound: [number, Json] = [404, { error: { type: "invalid_request_error", message: `No such resource: ${url.pathname}` } }];
    const [version, resource, resourceId, action] = parts;
    if (version !== "v1") return notFound;
    const expand = expandsOf(url, body);
    const intentJson = (pi: PaymentIntent) => paymentIntentJson(pi, expand.includes("latest_charge") || expand.includes("data.latest_charge"));

    if (resource === "customers" && method === "POST" && !resourceId) {
      const customer = { id: id("cus"), object: "customer", email: body.email ?? null, metadata: body.metadata ?? {} };
      this.customers.set(customer.id, customer);
      return [200, customer];
    }
    if (resource === "customers" && method === "GET" && action === "payment_methods") {
      const data = [...this.paymentMethods.values()].filter((pm) => pm.customer === resourceId).map(paymentMethodJson);
      return [200, list(data, `/v1/customers/${resourceId}/payment_methods`)];
    }
    if (resource === "setup_intents" && method === "POST" && !resourceId) {
      const intent = { id: id("seti"), customer: String(body.customer), client_secret: "", status: "requires_payment_method", payment_method: null };
      intent.client_secret = `${intent.id}_secret_${randomBytes(6).toString("hex")}`;
      this.setupIntents.set(intent.id, intent);
      return [200, { object: "setup_intent", usage: body.usage, ...intent }];
    }
    if (resource === "setup_intents" && method === "GET" && resourceId) {
      const intent = this.setupIntents.get(resourceId);
      return intent ? [200, { object: "setup_intent", ...intent }] : notFound;
    }
    if (resource === "payment_methods" && resourceId) {
      const pm = this.paymentMethods.get(resourceId);
      if (!pm) return notFound;
      if (method === "POST" && action === "attach") pm.customer = String(body.customer);
      if (method === "POST" && action === "detach") pm.customer = null;
      return [200, paymentMethodJson(pm)];
    }
    if (resource === "payment_intents" && method === "POST" && !resourceId) return this.createPaymentIntent(body, intentJson);
    if (resource === "payment_intents" && method === "GET" && resourceId === "search") {
      const match = /metadata\['(\w+)'\]:'([^']*)'/.exec(url.searchParams.get("query") ?? "");
      const indexed = this.searchLags ? [] : [...this.paymentIntents.values()];
      const data = match ? indexed.filter((pi) => pi.metadata[match[1]!] === match[2]).map(intentJson) : [];
      return [200, { object: "search_result", data, has_more: false, next_page: null, url: "/v1/payment_intents/search" }];
    }
    if (resource === "payment_intents" && method === "GET" && !resourceId) {
      const customer = url.searchParams.get("customer");
      const createdFrom = Number(url.searchParams.get("created[gte]") ?? 0);
      const matching = [...this.paymentIntents.values()].filter((pi) => (!customer || pi.customer === customer) && pi.created >= createdFrom);
      return [200, page(matching.map(intentJson), url, "/v1/payment_intents")];
    }
    if (resource === "payment_intents" && resourceId) {
      const intent = this.paymentIntents.get(resourceId);
      if (!intent) return notFound;
      const unexpected = (what: string): [number, Json] => [
        400,
        { error: { type: "invalid_request_error", code: "payment_intent_unexpected_state", message: `This PaymentIntent could not be ${what} because it has a status of ${intent.status}.` } },
      ];
      if (method === "POST" && action === "cancel") {
        if (intent.status === "succeeded" || intent.status === "canceled") return unexpected("canceled");
        intent.status = "canceled";
        intent.cancellation_reason = typeof body.cancellation_reason === "string" ? body.cancellation_reason : null;
        intent.amount_capturable = 0;
        this.emit("payment_intent.canceled", intent);
      }
      if (method === "POST" && action === "capture") {
        if (intent.status !== "requires_capture") return unexpected("captured");
        const amount = body.amount_to_capture === undefined ? intent.amount_capturable : Number(body.amount_to_capture);
        if (amount > intent.amount_capturable) {
          return [400, { error: { type: "invalid_request_error", code: "amount_too_large", message: "The amount to capture must be less than or equal to the amount capturable." } }];
        }
        intent.status = "succeeded";
        intent.amount_received = amount;
        intent.amount_capturable = 0;
        this.emit("payment_intent.succeeded", intent);
      }
      return [200, intentJson(intent)];
    }
    if (resource === "refunds" && method === "POST" && !resourceId) return this.createRefund(body);
    if (resource === "refunds" && method === "GET" && !resourceId) {
      const only = url.searchParams.get("payment_intent");
      return [200, page([...this.refunds.values()].filter((r) => !only || r.payment_intent === only).map(refundJson), url, "/v1/refunds")];
    }
    if (resource === "refunds" && method === "GET" && resourceId) {
      const refund = this.refunds.get(resourceId);
      return refund ? [200, refundJson(refund)] : notFound;
    }
    if (resource === "charges" && method === "GET" && resourceId) {
      const intent = this.paymentIntents.get(resourceId.replace(/^ch_/, ""));
      return intent ? [200, chargeJson(intent)] : notFound;
    }
    if (resource === "disputes" && method === "GET" && resourceId) {
      const dispute = this.disputes.get(resourceId);
      return dispute ? [200, dispute] : notFound;
    }
    return notFound;
  }

  private createPaymentIntent(body: Json, paymentIntentJson: (pi: PaymentIntent) => Json): [number, Json] {
    const pm = this.paymentMethods.get(String(body.payment_method));
    // Refusals of the request itself, before any PaymentIntent exists: asking again never helps.
    const refuse = (code: string, message: string): [number, Json] => [400, { error: { type: "invalid_request_error", code, message } }];
    if (!this.customers.has(String(body.customer))) return refuse("resource_missing", `No such customer: '${String(body.customer)}'`);
    if (Number(body.amount) < 50) return refuse("amount_too_small", `Amount must be at least $0.50 ${String(body.currency)}`);
    if (pm && pm.customer !== String(body.customer)) {
      return refuse("payment_method_unexpected_state", "The PaymentMethod was detached from a Customer. It may not be used again.");
    }
    const intent: PaymentIntent = {
      id: id("pi"),
      amount: Number(body.amount),
      amount_capturable: 0,
      amount_received: 0,
      currency: String(body.currency),
      customer: String(body.customer),
      payment_method: String(body.payment_method),
      capture_method: body.capture_method === "manual" ? "manual" : "automatic",
      status: "requires_payment_method",
      cancellation_reason: null,
      client_secret: "",
      metadata: (body.metadata as Record<string, string>) ?? {},
      last_payment_error: null,
      created: now(),
      capture_before: null,
    };
    intent.client_secret = `${intent.id}_secret_${randomBytes(6).toString("hex")}`;
    this.paymentIntents.set(intent.id, intent);
    const offSession = body.off_session === "true";
    const decline = (code: string, message: string, declineCode?: string): [number, Json] => {
      intent.status = "requires_payment_method";
      intent.last_payment_error = { code, message, ...(declineCode ? { decline_code: declineCode } : {}) };
      this.emit("payment_intent.payment_failed", intent);
      return [402, { error: { type: "card_error", code, message, decline_code: declineCode, payment_intent: paymentIntentJson(intent) } }];
    };
    if (!pm || pm.customer !== intent.customer) return decline("card_declined", DECLINES.card_declined, "generic_decline");
    switch (pm.behaviour) {
      case "insufficient_funds":
        return decline("card_declined", DECLINES.insufficient_funds, "insufficient_funds");
      case "declined_on_charge":
        return decline("card_declined", DECLINES.card_declined, "generic_decline");
      case "authentication_required":
        if (offSession) return decline("authentication_required", DECLINES.authentication_required, "authentication_required");
        intent.status = "requires_action";
        this.emit("payment_intent.requires_action", intent);
        return [200, paymentIntentJson(intent)];
      default:
        this.authorise(intent);
        return [200, paymentIntentJson(intent)];
    }
  }

  private createRefund(body: Json): [number, Json] {
    const intent = this.paymentIntents.get(String(body.payment_intent));
    if (!intent || intent.status !== "succeeded") {
      return [400, { error: { type: "invalid_request_error", message: "This PaymentIntent does not have a successful charge to refund." } }];
    }
    // What was taken: a captured hold's capture, not what was held.
    const amount = body.amount === undefined ? intent.amount_received : Number(body.amount);
    const refunded = [...this.refunds.values()].filter((r) => r.payment_intent === intent.id && r.status !== "failed").reduce((sum, r) => sum + r.amount, 0);
    if (refunded + amount > intent.amount_received) {
      return [400, { error: { type: "invalid_request_error", message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge.` } }];
    }
    const failing = this.paymentMethods.get(intent.payment_method)?.behaviour === "refund_fails";
    const refund: Refund = {
      id: id("re"),
      payment_intent: intent.id,
      amount,
      status: failing ? "failed" : "succeeded",
      failure_reason: failing ? "declined" : null,
      metadata: (body.metadata as Record<string, string>) ?? {},
      created: now(),
    };
    this.refunds.set(refund.id, refund);
    return [200, refundJson(refund)];
  }
}

type FaultKind = "down" | "error" | "lost" | "hang";

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

function paymentMethodJson(pm: PaymentMethod): Json {
  return { id: pm.id, object: "payment_method", type: "card", customer: pm.customer, card: pm.card, created: pm.created };
}

/** An intent as Stripe answers it; its charge (the authorisation) as an object when `latest_charge` is expanded. */
function paymentIntentJson(pi: PaymentIntent, expandCharge = false): Json {
  const { capture_before: _captureBefore, ...fields } = pi;
  const charged = pi.status === "succeeded" || pi.status === "requires_capture" || (pi.status === "canceled" && pi.capture_before !== null);
  return {
    object: "payment_intent",
    ...fields,
    latest_charge: charged ? (expandCharge ? chargeJson(pi) : `ch_${pi.id}`) : null,
    next_action: pi.status === "requires_action" ? { type: "use_stripe_sdk" } : null,
  };
}

function chargeJson(pi: PaymentIntent): Json {
  return {
    id: `ch_${pi.id}`,
    object: "charge",
    amount: pi.amount,
    amount_captured: pi.amount_received,
    captured: pi.amount_received > 0,
    payment_intent: pi.id,
    payment_method_details: { type: "card", card: { capture_before: pi.status === "requires_capture" ? pi.capture_before : null } },
  };
}

/** The `expand` parameter as the SDK sends it: expand[0]=… in the query of a GET, the form body of a POST. */
function expandsOf(url: URL, body: Json): string[] {
  const fromQuery = [...url.searchParams.entries()].filter(([key]) => key.startsWith("expand")).map(([, value]) => value);
  const fromBody = body.expand && typeof body.expand === "object" ? Object.values(body.expand as Record<string, string>) : [];
  return [...fromQuery, ...fromBody];
}

function refundJson(refund: Refund): Json {
  return { object: "refund", charge: `ch_${refund.payment_intent}`, currency: "cad", ...refund };
}

function list(data: Json[], url: string): Json {
  return { object: "list", data, has_more: false, url };
}

/** Stripe's cursor pagination: newest first, `limit` a page, `starting_after` the last id seen. */
function page(all: Json[], url: URL, path: string): Json {
  const newestFirst = [...all].reverse();
  const limit = Number(url.searchParams.get("limit") ?? 10);
  const after = url.searchParams.get("starting_after");
  const start = after ? newestFirst.findIndex((item) => item.id === after) + 1 : 0;
  const data = newestFirst.slice(start, start + limit);
  return { object: "list", data, has_more: start + limit < newestFirst.length, url: path };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

/** Stripe's form encoding: metadata[key]=value, list[0]=value. */
function parseForm(text: string): Json {
  const result: Json = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const path = rawKey.split(/\[|\]/).filter(Boolean);
    let target = result;
    for (const [index, part] of path.entries()) {
      if (index === path.length - 1) target[part] = value;
      else target = (target[part] ??= {}) as Json;
    }
  }
  return result;
}
