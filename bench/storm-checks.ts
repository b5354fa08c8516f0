// The invariants every storm run must end with (docs/registrations-and-payments.md, "Invariants"), read from the database, the
// simulated processor's own tables, the API and what each client was told.
import type { EventDetail } from "../src/shared/events.ts";
// The storm runs the app with its default settings, CURRENCY included.
import { DEFAULT_CURRENCY, type FeeRule, formatCents, refundAfterFeeCents } from "../src/shared/money.ts";
import type { Database } from "../src/server/db/client.ts";
import { createSimulatedGateway } from "../src/server/payments/simulated.ts";
import { type ReconciliationReport, reconcile } from "../src/server/payments/reconcile.ts";
import type { Phase, PhaseCounts, Reply } from "./storm-http.ts";
import type { RefundPhaseReport } from "./storm-run.ts";
import { GAME, type GameShape, type StormUser } from "./storm-seed.ts";

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export interface JoinOutcome {
  user: StormUser;
  reply: Reply;
  attempts: number;
  latencyMs: number;
  sentAt: number;
}

export interface CancelOutcome {
  user: StormUser;
  reply: Reply;
}

interface RegistrationRow {
  id: string;
  user_id: string;
  role: "player" | "goalkeeper";
  status: string;
  position: number;
  amount_cents: number;
  consent_to_auto_charge: boolean;
  closed_reason: string | null;
  refunded_cents: number | null;
}

interface PaymentRow {
  registration_id: string;
  kind: "charge" | "refund";
  status: string;
  amount_cents: number;
  idempotency_key: string;
}

interface ProcessorRow {
  registration_id: string;
  kind: "charge" | "refund";
  amount_cents: number;
}

/** What the run ended with, for the tables. */
export interface FinalState {
  held: Record<"player" | "goalkeeper", { confirmed: number; pending: number }>;
  waiting: Record<"player" | "goalkeeper", number>;
  paymentFailed: number;
  promotions: { confirmed: number; failed: number };
  refunds: { count: number; cents: number; fullRefunds: number };
  reconcile: ReconciliationReport;
}

const ROLES = ["player", "goalkeeper"] as const;
const ACTIVE = new Set(["pending_payment", "promoting", "confirmed", "waitlisted"]);
const capacity = { player: GAME.maxPlayers, goalkeeper: GAME.maxGoalkeepers };

export interface CheckInput {
  database: Database;
  eventId: string;
  feeRule: FeeRule;
  joins: JoinOutcome[];
  cancels: CancelOutcome[];
  counts: Map<Phase, PhaseCounts>;
  /** GET /api/events/:id as a participant, after everything settled. */
  apiEvent: EventDetail;
}

export async function checkInvariants(input: CheckInput): Promise<{ checks: Check[]; state: FinalState }> {
  const { pool, db } = input.database;
  const registrations = (
    await pool.query<RegistrationRow>(
      `select id, user_id, role, status, position::int as position, amount_cents, consent_to_auto_charge, closed_reason, refunded_cents
       from registration where event_id = $1 order by position`,
      [input.eventId],
    )
  ).rows;
  const payments = (
    await pool.query<PaymentRow>(`select registration_id, kind, status, amount_cents, idempotency_key from payment where event_id = $1`, [input.eventId])
  ).rows;
  // The processor's truth: what it charged and refunded, whatever the ledger says.
  const processor = (
    await pool.query<ProcessorRow>(
      `select registration_id, 'charge' as kind, amount_cents from sim_charge where event_id = $1 and status = 'succeeded'
       union all
       select c.registration_id, 'refund', r.amount_cents from sim_refund r join sim_charge c on c.id = r.charge_id
       where c.event_id = $1 and r.status = 'succeeded'`,
      [input.eventId],
    )
  ).rows;
  const report = await reconcile(db, createSimulatedGateway(db), input.feeRule);
  const state = finalState(registrations, payments, report);

  const checks: Check[] = [
    heldSpots(state),
    nothingPending(payments),
    waitlistOrder(registrations, payments, input.apiEvent),
    refundsExact(registrations, payments, input),
    chargedOnce(registrations, processor),
    answersMatch(registrations, input),
    {
      name: "reconcile: 0 unexplained cents",
      ok: report.unexplainedCents === 0 && report.pendingRefundCents === 0,
      detail:
        `${report.charges} charges ${formatCents(report.chargedCents, DEFAULT_CURRENCY)}, ${report.refunds} refunds ${formatCents(report.refundedCents, DEFAULT_CURRENCY)}, ` +
        `unexplained ${report.unexplainedCents} cents` +
        (report.problems.length ? `: ${report.problems.slice(0, 3).map((p) => p.what).join("; ")}` : ""),
    },
    noServerErrors(input.counts),
  ];
  return { checks, state };
}

function finalState(registrations: RegistrationRow[], payments: PaymentRow[], report: ReconciliationReport): FinalState {
  const byStatus = (role: string, ...statuses: string[]) => registrations.filter((r) => r.role === role && statuses.includes(r.status)).length;
  const promotedIds = new Set(payments.filter((p) => p.idempotency_key.startsWith("promote:")).map((p) => p.registration_id));
  const promoted = registrations.filter((r) => promotedIds.has(r.id));
  const refunds = payments.filter((p) => p.kind === "refund");
  const userLeft = new Set(registrations.filter((r) => r.closed_reason === "user_left").map((r) => r.id));
  return {
    held: {
      player: { confirmed: byStatus("player", "confirmed"), pending: byStatus("player", "pending_payment", "promoting") },
      goalkeeper: { confirmed: byStatus("goalkeeper", "confirmed"), pending: byStatus("goalkeeper", "pending_payment", "promoting") },
    },
    waiting: { player: byStatus("player", "waitlisted"), goalkeeper: byStatus("goalkeeper", "waitlisted") },
    paymentFailed: registrations.filter((r) => r.status === "payment_failed").length,
    promotions: {
      // Promoted people who later cancelled (refunded) still count as promotions that succeeded.
      confirmed: promoted.filter((r) => r.status === "confirmed" || r.status === "refunded").length,
      failed: promoted.filter((r) => r.status === "payment_failed").length,
    },
    refunds: {
      count: refunds.length,
      cents: refunds.reduce((sum, p) => sum + p.amount_cents, 0),
      fullRefunds: refunds.filter((p) => !userLeft.has(p.registration_id)).length,
    },
    reconcile: report,
  };
}

function heldSpots(state: FinalState): Check {
  const ok = ROLES.every((role) => state.held[role].confirmed === capacity[role] && state.held[role].pending === 0);
  return {
    name: "exactly 22 + 2 held spots, all confirmed",
    ok,
    detail: ROLES.map((role) => `${role}s ${state.held[role].confirmed}/${capacity[role]} confirmed, ${state.held[role].pending} still paying`).join("; "),
  };
}

function nothingPending(payments: PaymentRow[]): Check {
  const pending = payments.filter((p) => p.status === "pending");
  const failedRefunds = payments.filter((p) => p.kind === "refund" && p.status === "failed");
  return {
    name: "no payment left pending, no refund failed",
    ok: pending.length === 0 && failedRefunds.length === 0,
    detail: `${pending.filter((p) => p.kind === "charge").length} charges and ${pending.filter((p) => p.kind === "refund").length} refunds pending, ${failedRefunds.length} refunds failed`,
  };
}

/**
 * Invariant 2 (docs/registrations-and-payments.md, "Invariants"). `consent_to_auto_charge` is set exactly when a paid join was waitlisted on
 * arrival; `promote:` charges are promotions. Per role: the promotions went to the first K people
 * who waited, by position (those whose charge failed count as served, and are skipped); nobody who
 * arrived after a waiting person took a spot directly (in this storm the waitlists never run dry);
 * and the API's waitlist is the database's, in position order.
 */
function waitlistOrder(registrations: RegistrationRow[], payments: PaymentRow[], apiEvent: EventDetail): Check {
  const promotedIds = new Set(payments.filter((p) => p.idempotency_key.startsWith("promote:")).map((p) => p.registration_id));
  const directIds = new Set(payments.filter((p) => p.idempotency_key.startsWith("charge:")).map((p) => p.registration_id));
  const problems: string[] = [];
  for (const role of ROLES) {
    const ofRole = registrations.filter((r) => r.role === role);
    const waited = ofRole.filter((r) => r.consent_to_auto_charge);
    const promoted = waited.filter((r) => promotedIds.has(r.id)).length;
    const skipped = waited.slice(0, promoted).filter((r) => !promotedIds.has(r.id));
    if (skipped.length) problems.push(`${role}: ${skipped.length} waiting people skipped (first at position ${skipped[0]!.position})`);
    if (ofRole.some((r) => promotedIds.has(r.id) && !r.consent_to_auto_charge)) problems.push(`${role}: a promotion of someone who never waited`);
    const firstWaiting = waited[0]?.position ?? Infinity;
    const jumped = ofRole.filter((r) => directIds.has(r.id) && r.position > firstWaiting);
    if (jumped.length) problems.push(`${role}: ${jumped.length} later arrivals took a spot while others waited`);
    const dbOrder = ofRole.filter((r) => r.status === "waitlisted").map((r) => r.user_id);
    const apiOrder = (role === "player" ? apiEvent.playerWaitList : apiEvent.goalkeeperWaitList).map((p) => p.userId);
    if (dbOrder.join() !== apiOrder.join()) problems.push(`${role}: the API's waitlist (${apiOrder.length}) differs from position order (${dbOrder.length})`);
    const apiSpots = role === "player" ? apiEvent.players : apiEvent.goalkeepers;
    if (apiSpots.length !== capacity[role] || apiSpots.some((p) => p.pending)) problems.push(`${role}: the API shows ${apiSpots.length} spots`);
  }
  const served = ROLES.map((role) => {
    const waited = registrations.filter((r) => r.role === role && r.consent_to_auto_charge);
    return `${role}s: first ${waited.filter((r) => promotedIds.has(r.id)).length} of ${waited.length} who waited promoted`;
  });
  return { name: "waitlists served in arrival order", ok: problems.length === 0, detail: problems.length ? problems.join("; ") : served.join("; ") };
}

/**
 * Cancels refund price − fee (the shared rule), once, to the cent; a charge that landed after its
 * spot was released (a crash between charge and answer) is refunded in full.
 */
function refundsExact(registrations: RegistrationRow[], payments: PaymentRow[], input: CheckInput): Check {
  const problems: string[] = [];
  const due = refundAfterFeeCents(GAME.costCents, input.feeRule);
  for (const cancel of input.cancels) {
    const refundCents = cancel.reply.ok ? (cancel.reply.body as { refundCents?: number }).refundCents : undefined;
    if (!cancel.reply.ok || cancel.reply.status !== 200 || refundCents !== due) {
      problems.push(`${cancel.user.id} was answered ${cancel.reply.ok ? `${cancel.reply.status} ${JSON.stringify(cancel.reply.body)}` : cancel.reply.error}`);
    }
  }
  const byId = new Map(registrations.map((r) => [r.id, r]));
  for (const refund of payments.filter((p) => p.kind === "refund")) {
    const reg = byId.get(refund.registration_id)!;
    const charge = payments.find((p) => p.kind === "charge" && p.registration_id === refund.registration_id && p.status === "succeeded");
    const expected = reg.closed_reason === "user_left" ? refundAfterFeeCents(charge?.amount_cents ?? 0, input.feeRule) : (charge?.amount_cents ?? 0);
    if (refund.status !== "succeeded" || refund.amount_cents !== expected || reg.refunded_cents !== expected) {
      problems.push(`registration ${reg.id}: refund ${refund.status} ${refund.amount_cents}, recorded ${reg.refunded_cents}, due ${expected}`);
    }
  }
  const left = registrations.filter((r) => r.closed_reason === "user_left");
  if (left.length !== input.cancels.length) problems.push(`${left.length} registrations closed by their user, ${input.cancels.length} cancelled`);
  return {
    name: "every refund exact to the cent",
    ok: problems.length === 0,
    detail: problems.length ? problems.slice(0, 3).join("; ") : `${input.cancels.length} cancels answered ${formatCents(due, DEFAULT_CURRENCY)} each; every refund row succeeded with the amount due`,
  };
}

/** Invariants 3 and 4 (docs/registrations-and-payments.md), at the processor: one charge per registration, and what it kept matches the registration's state. */
function chargedOnce(registrations: RegistrationRow[], processor: ProcessorRow[]): Check {
  const problems: string[] = [];
  for (const reg of registrations) {
    const charges = processor.filter((p) => p.registration_id === reg.id && p.kind === "charge");
    const refunded = processor.filter((p) => p.registration_id === reg.id && p.kind === "refund").reduce((sum, p) => sum + p.amount_cents, 0);
    const kept = charges.reduce((sum, p) => sum + p.amount_cents, 0) - refunded;
    const expected = reg.status === "confirmed" ? reg.amount_cents : reg.status === "refunded" ? reg.amount_cents - (reg.refunded_cents ?? 0) : 0;
    if (charges.length > 1) problems.push(`registration ${reg.id} charged ${charges.length} times`);
    else if (kept !== expected) problems.push(`registration ${reg.id} (${reg.status}): the processor kept ${kept}, expected ${expected}`);
  }
  const unknown = processor.filter((p) => !registrations.some((r) => r.id === p.registration_id));
  if (unknown.length) problems.push(`${unknown.length} processor movements belong to no registration`);
  return {
    name: "nobody charged twice; the processor kept exactly what each state says",
    ok: problems.length === 0,
    detail: problems.length ? problems.slice(0, 3).join("; ") : `${processor.filter((p) => p.kind === "charge").length} charges, ${processor.filter((p) => p.kind === "refund").length} refunds at the processor`,
  };
}

/**
 * Nothing a user did is silently lost: each final answer a client got still describes the user's
 * registration (allowing for what happened after: promotion, or our cancel), and nobody holds two.
 */
function answersMatch(registrations: RegistrationRow[], input: CheckInput): Check {
  const problems: string[] = [];
  const cancelled = new Set(input.cancels.map((c) => c.user.id));
  for (const join of input.joins) {
    const mine = registrations.filter((r) => r.user_id === join.user.id);
    const active = mine.filter((r) => ACTIVE.has(r.status));
    const latest = mine.at(-1);
    const status = join.reply.ok ? (join.reply.body as { registration?: { status?: string } }).registration?.status : undefined;
    const answer = join.reply.ok ? `${join.reply.status}${status ? ` ${status}` : ""}` : join.reply.error;
    let fits: boolean;
    if (!join.reply.ok) fits = false;
    else if (join.reply.status === 201 && status === "confirmed") fits = latest?.status === "confirmed" || (cancelled.has(join.user.id) && latest?.status === "refunded");
    else if (join.reply.status === 201 && status === "waitlisted") fits = Boolean(latest?.consent_to_auto_charge);
    else if (join.reply.status === 402) fits = active.length === 0 && latest?.status === "payment_failed";
    else if (join.reply.status === 409) fits = active.length === 1 || cancelled.has(join.user.id);
    else fits = false;
    if (active.length > 1) problems.push(`${join.user.id} holds ${active.length} active registrations`);
    if (!fits) problems.push(`${join.user.id} was answered ${answer}, the database says ${mine.map((r) => r.status).join(", ") || "nothing"}`);
  }
  return {
    name: "every join answered definitively, and the answer holds",
    ok: problems.length === 0,
    detail: problems.length ? `${problems.length} problems: ${problems.slice(0, 3).join("; ")}` : `${input.joins.length} answers agree with the database`,
  };
}

function noServerErrors(counts: Map<Phase, PhaseCounts>): Check {
  const outside = [...counts].filter(([phase]) => phase !== "down").map(([phase, c]) => [phase, serverErrors(c)] as const);
  const bad = outside.filter(([, n]) => n > 0);
  const down = serverErrors(counts.get("down")!);
  return {
    name: "no 5xx except while the server was down",
    ok: bad.length === 0,
    detail: bad.length
      ? bad.map(([phase, n]) => `${n} in ${phase} (${counts.get(phase)!.serverErrorSamples.join("; ")})`).join(", ")
      : `0 outside the downtime${down ? ` (${down} while down)` : ""}`,
  };
}

export function serverErrors(counts: PhaseCounts): number {
  return [...counts.statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
}

/** The refund phase's ledger and processor, both games together. */
export interface RefundPhaseState {
  /** Refund rows in the ledger (both games; a late charge's refund after the storm's kill included). */
  rows: number;
  succeeded: number;
  cents: number;
  /** Refunds of players who left (price − fee) and refunds in full (the cancelled game, late charges). */
  afterFee: { count: number; cents: number };
  full: { count: number; cents: number };
  /** Refunds the processor holds for the two games' charges. */
  processorRefunds: number;
}

export interface RefundPhaseInput {
  database: Database;
  /** The storm's game and the cancelled one. */
  eventIds: string[];
  cancelledEventId: string;
  cancelledGame: GameShape;
  feeRule: FeeRule;
  /** POST /api/events/:id/cancel, as the admin. */
  adminReply: Reply;
  /** Confirmed spots of the cancelled game just before its cancel. */
  confirmedBeforeCancel: number;
  report: RefundPhaseReport;
  windowMs: number;
}

interface LedgerRow {
  id: string;
  registration_id: string;
  event_id: string;
  kind: "charge" | "refund";
  status: string;
  amount_cents: number;
  idempotency_key: string;
  gateway_id: string | null;
  error: string | null;
}

interface SimRefundRow {
  id: string;
  charge_id: string;
  registration_id: string | null;
  idempotency_key: string;
  amount_cents: number;
  status: string;
}

/**
 * The refunds written while the processor lost 20% of its answers and the app was killed -9 among
 * them: every one succeeded (a lost answer is not a failure), the processor made exactly one refund
 * for each (none twice for one charge) of the ledger's amount, the cancelled game's spots came back
 * in full, and all of it settled within the window a killed job takes to be handed out again.
 */
export async function checkRefundPhase(input: RefundPhaseInput): Promise<{ checks: Check[]; state: RefundPhaseState }> {
  const { pool } = input.database;
  const ledger = (
    await pool.query<LedgerRow>(
      `select id::text, registration_id::text, event_id::text, kind, status, amount_cents, idempotency_key, gateway_id, error
       from payment where event_id::text = any($1::text[])`,
      [input.eventIds],
    )
  ).rows;
  const registrations = (
    await pool.query<RegistrationRow & { event_id: string }>(
      `select id::text, event_id::text, user_id, role, status, position::int as position, amount_cents, consent_to_auto_charge, closed_reason, refunded_cents
       from registration where event_id::text = any($1::text[])`,
      [input.eventIds],
    )
  ).rows;
  // Every refund the processor holds for these games' charges, whatever its status.
  const processor = (
    await pool.query<SimRefundRow>(
      `select r.id, r.charge_id, c.registration_id, r.idempotency_key, r.amount_cents, r.status
       from sim_refund r join sim_charge c on c.id = r.charge_id where c.event_id::text = any($1::text[])`,
      [input.eventIds],
    )
  ).rows;
  const processorCharges = (
    await pool.query<{ registration_id: string; amount_cents: number }>(
      `select registration_id, amount_cents from sim_charge where event_id::text = any($1::text[]) and status = 'succeeded'`,
      [input.eventIds],
    )
  ).rows;
  const [cancelledEvent] = (await pool.query<{ status: string }>(`select status from event where id = $1`, [input.cancelledEventId])).rows;

  const refunds = ledger.filter((row) => row.kind === "refund");
  const regById = new Map(registrations.map((reg) => [reg.id, reg]));
  const afterFee = refunds.filter((row) => regById.get(row.registration_id)?.closed_reason === "user_left");
  const full = refunds.filter((row) => regById.get(row.registration_id)?.closed_reason !== "user_left");
  const sum = (rows: { amount_cents: number }[]) => rows.reduce((total, row) => total + row.amount_cents, 0);
  const state: RefundPhaseState = {
    rows: refunds.length,
    succeeded: refunds.filter((row) => row.status === "succeeded").length,
    cents: sum(refunds),
    afterFee: { count: afterFee.length, cents: sum(afterFee) },
    full: { count: full.length, cents: sum(full) },
    processorRefunds: processor.length,
  };
  const money = (cents: number) => formatCents(cents, DEFAULT_CURRENCY);

  const unsettled = refunds.filter((row) => row.status !== "succeeded");
  const allSucceeded: Check = {
    name: "every refund succeeded despite lost answers and kill -9 (none failed, none pending)",
    ok: unsettled.length === 0 && refunds.length > 0,
    detail: unsettled.length
      ? `${unsettled.length} of ${refunds.length} not succeeded: ${unsettled
          .slice(0, 3)
          .map((row) => `payment ${row.id} (registration ${row.registration_id}) ${row.status}${row.error ? ` '${row.error}'` : ""}`)
          .join("; ")}`
      : `${refunds.length} refund rows succeeded: ${afterFee.length} price − fee (${money(sum(afterFee))}), ${full.length} in full (${money(sum(full))})`,
  };

  // One ledger refund per registration, one processor refund per ledger refund (same key, id, amount),
  // and no processor refund the ledger does not know.
  const onceProblems: string[] = [];
  const ledgerChargeOf = new Map(ledger.filter((row) => row.kind === "charge" && row.status === "succeeded").map((row) => [row.registration_id, row]));
  const refundsOfReg = new Map<string, number>();
  for (const row of refunds) refundsOfReg.set(row.registration_id, (refundsOfReg.get(row.registration_id) ?? 0) + 1);
  for (const [registrationId, count] of refundsOfReg) if (count > 1) onceProblems.push(`registration ${registrationId} has ${count} refund rows`);
  const matched = new Set<string>();
  for (const row of refunds) {
    const charge = ledgerChargeOf.get(row.registration_id);
    const atProcessor = processor.filter((refund) => charge?.gateway_id && refund.charge_id === charge.gateway_id);
    atProcessor.forEach((refund) => matched.add(refund.id));
    const [made] = atProcessor;
    if (atProcessor.length !== 1) {
      onceProblems.push(`payment ${row.id} (registration ${row.registration_id}): the processor holds ${atProcessor.length} refunds for its charge ${charge?.gateway_id ?? "(none)"}${atProcessor.length ? `: ${atProcessor.map((r) => `${r.id} ${r.status} ${r.amount_cents} key ${r.idempotency_key}`).join(", ")}` : ""}`);
    } else if (made!.status !== "succeeded" || made!.amount_cents !== row.amount_cents || made!.id !== row.gateway_id || made!.idempotency_key !== row.idempotency_key) {
      onceProblems.push(`payment ${row.id} (registration ${row.registration_id}, ${row.amount_cents}, key ${row.idempotency_key}, gateway ${row.gateway_id}): the processor's ${made!.id} is ${made!.status} ${made!.amount_cents} key ${made!.idempotency_key}`);
    }
  }
  const strays = processor.filter((refund) => !matched.has(refund.id));
  if (strays.length) onceProblems.push(`${strays.length} processor refunds have no ledger row: ${strays.slice(0, 3).map((r) => `${r.id} (registration ${r.registration_id}) ${r.amount_cents}`).join(", ")}`);
  const once: Check = {
    name: "the processor made exactly one refund per refund row, of its amount (nobody refunded twice)",
    ok: onceProblems.length === 0,
    detail: onceProblems.length ? onceProblems.slice(0, 3).join("; ") : `${refunds.length} ledger refunds, ${processor.length} processor refunds: one each, same key and amount`,
  };

  // The admin cancel: every spot held then comes back in full, at this game's own prices.
  const fullProblems: string[] = [];
  if (!input.adminReply.ok || input.adminReply.status !== 200) {
    fullProblems.push(`the admin's cancel was answered ${input.adminReply.ok ? `${input.adminReply.status} ${JSON.stringify(input.adminReply.body)}` : input.adminReply.error}`);
  }
  if (cancelledEvent?.status !== "cancelled") fullProblems.push(`the game is ${cancelledEvent?.status ?? "missing"}`);
  const ofGame = registrations.filter((reg) => reg.event_id === input.cancelledEventId);
  const stillActive = ofGame.filter((reg) => ACTIVE.has(reg.status));
  if (stillActive.length) fullProblems.push(`${stillActive.length} registrations still active (${stillActive.map((reg) => reg.status).join(", ")})`);
  const refunded = ofGame.filter((reg) => reg.status === "refunded");
  if (refunded.length !== input.confirmedBeforeCancel) fullProblems.push(`${refunded.length} refunded, ${input.confirmedBeforeCancel} spots were confirmed`);
  for (const reg of refunded) {
    const price = reg.role === "goalkeeper" ? input.cancelledGame.goalkeeperCostCents : input.cancelledGame.costCents;
    const refund = refunds.find((row) => row.registration_id === reg.id);
    if (reg.closed_reason !== "event_cancelled" || reg.refunded_cents !== price || refund?.amount_cents !== price || ledgerChargeOf.get(reg.id)?.amount_cents !== price) {
      fullProblems.push(`registration ${reg.id} (${reg.role}, ${reg.closed_reason}): refunded ${reg.refunded_cents}, refund row ${refund?.amount_cents ?? "none"}, price ${price}`);
    }
  }
  const closedOther = ofGame.filter((reg) => reg.status === "cancelled");
  if (closedOther.some((reg) => reg.closed_reason !== "event_cancelled")) fullProblems.push("a waiting place closed for another reason");
  for (const reg of ofGame) {
    const charged = processorCharges.filter((charge) => charge.registration_id === reg.id).reduce((total, charge) => total + charge.amount_cents, 0);
    const back = processor.filter((refund) => refund.registration_id === reg.id && refund.status === "succeeded").reduce((total, refund) => total + refund.amount_cents, 0);
    if (charged !== back) fullProblems.push(`registration ${reg.id} (${reg.status}): the processor kept ${charged - back}`);
  }
  const byRole = (role: string) => refunded.filter((reg) => reg.role === role).length;
  const inFull: Check = {
    name: "the cancelled game: every held spot refunded in full, nothing kept",
    ok: fullProblems.length === 0,
    detail: fullProblems.length
      ? fullProblems.slice(0, 3).join("; ")
      : `admin answered 200; ${refunded.length} spots refunded in full (${byRole("player")} × ${money(input.cancelledGame.costCents)}, ` +
        `${byRole("goalkeeper")} × ${money(input.cancelledGame.goalkeeperCostCents)}), ${closedOther.length} waiting places closed; the processor kept 0`,
  };

  const { report } = input;
  const killedMidway = report.kill !== undefined && report.kill.settled > 0 && report.kill.pending > 0;
  const inTime = report.settledMs !== undefined && report.settledMs <= input.windowMs;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const timely: Check = {
    name: `killed -9 mid-refunds, all settled within ${input.windowMs / 60_000} minutes`,
    ok: killedMidway && inTime,
    detail:
      (report.kill
        ? `killed at ${seconds(report.kill.atMs)} with ${report.kill.settled} of ${report.kill.settled + report.kill.pending} settled`
        : "never killed: every refund settled before the kill could come") +
      `; last of ${report.rows} settled ${report.settledMs === undefined ? "never" : `at ${seconds(report.settledMs)}`} after the first cancel`,
  };
  return { checks: [allSucceeded, once, inFull, timely], state };
}
