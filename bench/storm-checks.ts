// The invariants every storm run must end with (docs/registrations-and-payments.md, "Invariants"), read from the database, the
// simulated processor's own tables, the API and what each client was told.
import type { EventDetail } from "#shared/events.ts";
// The storm runs the app with its default settings, CURRENCY included.
import { DEFAULT_CURRENCY, type FeeRule, formatCents, refundAfterFeeCents } from "#shared/money.ts";
import type { Database } from "#server/db/client.ts";
import { createSimulatedGateway } from "#server/money/processors/simulated.ts";
import { type ReconciliationReport, reconcile } from "#server/money/reconcile.ts";
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
  /** Guests the join brought (a run with guests; 0 otherwise). */
  guests: number;
  reply: Reply;
  attempts: number;
  latencyMs: number;
  sentAt: number;
}

export interface CancelOutcome {
  user: StormUser;
  reply: Reply;
}

/** DELETE /api/events/:id/registrations/me/guests/:guestId in the refund phase of a run with guests. */
export interface GuestRemovalOutcome {
  user: StormUser;
  registrationId: string;
  guestId: string;
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
  /** Guests in the party now (docs/guests.md): the registration holds, or waits for, 1 + guest_count spots. */
  guest_count: number;
  promoted_at: Date | null;
}

interface PaymentRow {
  registration_id: string;
  kind: "charge" | "refund";
  status: string;
  amount_cents: number;
  idempotency_key: string;
  /** A removed guest's refund (refund-guest:{guestId}); null for every other row. */
  guest_id: string | null;
  /** Why a refund was written (docs/money.md); null on charges. */
  reason: string | null;
}

/** A +1 guest's row (registration_guest). */
interface GuestRow {
  id: string;
  registration_id: string;
  status: "active" | "removed";
  share_cents: number;
  /** Set when removed from a paid spot: what their share refunded. */
  refunded_cents: number | null;
}

interface ProcessorRow {
  registration_id: string;
  kind: "charge" | "refund";
  amount_cents: number;
}

/** What the run ended with, for the tables. */
export interface FinalState {
  /** Spots held: one per registration and one per guest in its party (without guests, registrations). */
  held: Record<"player" | "goalkeeper", { confirmed: number; pending: number }>;
  waiting: Record<"player" | "goalkeeper", number>;
  paymentFailed: number;
  promotions: { confirmed: number; failed: number };
  /** fullRefunds: registrations' refunds in full (a removed guest's share − fee is not one). */
  refunds: { count: number; cents: number; fullRefunds: number };
  reconcile: ReconciliationReport;
  /** A run with guests: the parties. */
  parties?: PartyState;
}

export interface PartyState {
  /** Joins that brought guests, and the guests they brought. */
  joinsWithGuests: number;
  guests: number;
  /** Registrations holding the players' spots, and those of them with guests. */
  holding: number;
  holdingWithGuests: number;
  /** Parties waiting with guests. */
  waitingWithGuests: number;
  /** Guests removed from paid spots, and their refunds (share − fee each). */
  removed: number;
  guestRefundCents: number;
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
  /** A run with guests (docs/guests.md): the checks count spots by party; the guests removed in the refund phase. */
  guests?: { removals: GuestRemovalOutcome[] };
}

export async function checkInvariants(input: CheckInput): Promise<{ checks: Check[]; state: FinalState }> {
  const { pool, db } = input.database;
  const registrations = (
    await pool.query<RegistrationRow>(
      `select id, user_id, role, status, position::int as position, amount_cents, consent_to_auto_charge, closed_reason, refunded_cents,
              guest_count, promoted_at
       from registration where event_id = $1 order by position`,
      [input.eventId],
    )
  ).rows;
  const payments = (
    await pool.query<PaymentRow>(`select registration_id, kind, status, amount_cents, idempotency_key, guest_id::text, reason::text from payment where event_id = $1`, [input.eventId])
  ).rows;
  const guests = (
    await pool.query<GuestRow>(
      `select g.id::text, g.registration_id::text, g.status, g.share_cents, g.refunded_cents
       from registration_guest g join registration r on r.id = g.registration_id where r.event_id = $1 order by g.registration_id, g.ordinal`,
      [input.eventId],
    )
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
  if (input.guests) state.parties = partyState(registrations, guests, payments, input.joins);
  const party = new Parties(registrations, guests);

  const checks: Check[] = [
    input.guests ? heldSpotsByParty(state, registrations, party) : heldSpots(state),
    nothingPending(payments),
    input.guests ? partyWaitlistOrder(registrations, payments, input.apiEvent, party) : waitlistOrder(registrations, payments, input.apiEvent),
    refundsExact(registrations, payments, input, party),
    chargedOnce(registrations, processor, party),
    answersMatch(registrations, input),
    ...(input.guests ? [partiesWhole(registrations, guests, input), chargedPartyPrice(registrations, payments, processor, input.joins, party)] : []),
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

/** The guests of each registration of the game, from their own rows (docs/guests.md). */
class Parties {
  private readonly byRegistration = new Map<string, GuestRow[]>();
  constructor(
    readonly registrations: RegistrationRow[],
    guests: GuestRow[],
  ) {
    for (const guest of guests) this.byRegistration.set(guest.registration_id, [...(this.byRegistration.get(guest.registration_id) ?? []), guest]);
  }
  rows(registrationId: string): GuestRow[] {
    return this.byRegistration.get(registrationId) ?? [];
  }
  /** Spots the party holds or waits for now: the player and the guests capacity counts. */
  size(reg: RegistrationRow): number {
    return 1 + reg.guest_count;
  }
  /** Guests named at join: every row, removed ones included (the storm removes a guest only from a confirmed, paid party). */
  atJoin(registrationId: string): number {
    return this.rows(registrationId).length;
  }
  /** Guests removed from a paid spot (refunded_cents set): their shares, and what those refunded. */
  removedPaid(registrationId: string): { shares: number; refunded: number } {
    const removed = this.rows(registrationId).filter((guest) => guest.refunded_cents !== null);
    return { shares: removed.reduce((sum, g) => sum + g.share_cents, 0), refunded: removed.reduce((sum, g) => sum + g.refunded_cents!, 0) };
  }
}

const HELD = new Set(["pending_payment", "promoting", "confirmed"]);
const priceOf = (role: RegistrationRow["role"]) => (role === "goalkeeper" ? GAME.goalkeeperCostCents : GAME.costCents);
/** A removed guest's refund: their share − the fee (the cancel rule), never more than the share. */
const guestRefundDue = (shareCents: number, feeRule: FeeRule) => Math.min(shareCents, refundAfterFeeCents(shareCents, feeRule));

function finalState(registrations: RegistrationRow[], payments: PaymentRow[], report: ReconciliationReport): FinalState {
  const byStatus = (role: string, ...statuses: string[]) => registrations.filter((r) => r.role === role && statuses.includes(r.status)).length;
  // Held spots count the guests of each party (without guests, one per registration).
  const spots = (role: string, ...statuses: string[]) =>
    registrations.filter((r) => r.role === role && statuses.includes(r.status)).reduce((sum, r) => sum + 1 + r.guest_count, 0);
  const promotedIds = new Set(payments.filter((p) => p.idempotency_key.startsWith("promote:")).map((p) => p.registration_id));
  const promoted = registrations.filter((r) => promotedIds.has(r.id));
  const refunds = payments.filter((p) => p.kind === "refund");
  const userLeft = new Set(registrations.filter((r) => r.closed_reason === "user_left").map((r) => r.id));
  return {
    held: {
      player: { confirmed: spots("player", "confirmed"), pending: spots("player", "pending_payment", "promoting") },
      goalkeeper: { confirmed: spots("goalkeeper", "confirmed"), pending: spots("goalkeeper", "pending_payment", "promoting") },
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
      fullRefunds: refunds.filter((p) => !p.guest_id && !userLeft.has(p.registration_id)).length,
    },
    reconcile: report,
  };
}

function partyState(registrations: RegistrationRow[], guests: GuestRow[], payments: PaymentRow[], joins: JoinOutcome[]): PartyState {
  const holding = registrations.filter((r) => r.role === "player" && HELD.has(r.status));
  const guestRefunds = payments.filter((p) => p.kind === "refund" && p.guest_id);
  return {
    joinsWithGuests: joins.filter((join) => join.guests > 0).length,
    guests: joins.reduce((sum, join) => sum + join.guests, 0),
    holding: holding.length,
    holdingWithGuests: holding.filter((r) => r.guest_count > 0).length,
    waitingWithGuests: registrations.filter((r) => r.status === "waitlisted" && r.guest_count > 0).length,
    removed: guests.filter((g) => g.status === "removed").length,
    guestRefundCents: guestRefunds.reduce((sum, p) => sum + p.amount_cents, 0),
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

/**
 * With guests (docs/guests.md): the spots held are counted by party, 1 + guest_count each, and never
 * exceed a role's capacity; every one confirmed, none still being paid for. Fewer than the capacity only
 * when no waiting party fits in what is free (partyWaitlistOrder says which).
 */
function heldSpotsByParty(state: FinalState, registrations: RegistrationRow[], party: Parties): Check {
  const problems: string[] = [];
  const details: string[] = [];
  for (const role of ROLES) {
    const { confirmed, pending } = state.held[role];
    const holding = registrations.filter((r) => r.role === role && HELD.has(r.status));
    const free = capacity[role] - confirmed - pending;
    const fitting = registrations.filter((r) => r.role === role && r.status === "waitlisted" && party.size(r) <= free);
    if (free < 0) problems.push(`${role}s: ${confirmed + pending} spots held, over the ${capacity[role]}`);
    if (pending > 0) problems.push(`${role}s: ${pending} spots still being paid for`);
    if (free > 0 && fitting.length > 0) problems.push(`${role}s: ${free} spots free while ${fitting.length} waiting parties fit`);
    details.push(
      `${role}s ${confirmed}/${capacity[role]} spots confirmed in ${holding.length} registrations (${holding.filter((r) => r.guest_count > 0).length} with guests), ${pending} still paying` +
        (free > 0 ? `, ${free} free (no waiting party fits)` : ""),
    );
  }
  return {
    name: "22 + 2 spots held, 1 + guests per party, all confirmed, never over",
    ok: problems.length === 0,
    detail: problems.length ? problems.join("; ") : details.join("; "),
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
 * With guests (docs/guests.md), a party waits and is promoted whole, in arrival order except that the
 * next party that fits goes first when an earlier one is too large for the spots free. Per role:
 *   - a promotion only of someone who waited, and never ahead of an earlier party no larger than it that
 *     was still waiting (so every party passed over was larger than the one promoted);
 *   - nobody took a spot directly while an earlier party no larger than theirs waited for good (parties
 *     promoted later are left out: when they were promoted cannot be told against a join's insert);
 *   - once settled, no waiting party fits in the spots free (a smaller party behind never waits for one
 *     in front that does not fit);
 *   - the API's waitlist is the database's, in position order, each party with its guests; its spots
 *     are the capacity, counted 1 + guests per party, none pending.
 * "No larger" uses the party as it joined: in the storm a guest is removed only from a confirmed party.
 */
function partyWaitlistOrder(registrations: RegistrationRow[], payments: PaymentRow[], apiEvent: EventDetail, party: Parties): Check {
  const promotedIds = new Set(payments.filter((p) => p.idempotency_key.startsWith("promote:")).map((p) => p.registration_id));
  const directIds = new Set(payments.filter((p) => p.idempotency_key.startsWith("charge:")).map((p) => p.registration_id));
  const sizeAtJoin = (r: RegistrationRow) => 1 + party.atJoin(r.id);
  const problems: string[] = [];
  const served: string[] = [];
  for (const role of ROLES) {
    const ofRole = registrations.filter((r) => r.role === role);
    const waited = ofRole.filter((r) => r.consent_to_auto_charge);
    const promoted = waited.filter((r) => promotedIds.has(r.id));
    if (ofRole.some((r) => promotedIds.has(r.id) && !r.consent_to_auto_charge)) problems.push(`${role}: a promotion of someone who never waited`);
    if (promoted.some((r) => !r.promoted_at)) problems.push(`${role}: a promotion without its time`);
    // Promotions: an earlier party still waiting at that moment must have been larger.
    let passedOver = 0;
    const aheadOfNoLarger: string[] = [];
    for (const p of promoted) {
      // Promoted before it: earlier, or in the same millisecond (one promoteNext picks in position order).
      const before = (e: RegistrationRow) => promotedIds.has(e.id) && e.promoted_at !== null && p.promoted_at !== null && e.promoted_at.getTime() <= p.promoted_at.getTime();
      const waiting = waited.filter((e) => e.position < p.position && !before(e));
      if (waiting.length) passedOver += 1;
      const noLarger = waiting.find((e) => sizeAtJoin(e) <= sizeAtJoin(p));
      if (noLarger) aheadOfNoLarger.push(`position ${p.position} (party of ${sizeAtJoin(p)}) ahead of position ${noLarger.position} (party of ${sizeAtJoin(noLarger)})`);
    }
    if (aheadOfNoLarger.length) problems.push(`${role}: ${aheadOfNoLarger.length} promoted ahead of an earlier party no larger: ${aheadOfNoLarger.slice(0, 2).join(", ")}`);
    // Direct spots: never while an earlier party no larger waited (for good).
    const stillWaiting = ofRole.filter((r) => r.status === "waitlisted");
    const jumped = ofRole.filter((d) => directIds.has(d.id) && stillWaiting.some((e) => e.position < d.position && sizeAtJoin(e) <= sizeAtJoin(d)));
    if (jumped.length) problems.push(`${role}: ${jumped.length} later arrivals took a spot while an earlier party no larger waited (first at position ${jumped[0]!.position})`);
    // Settled: nothing free that a waiting party would fit in.
    const held = ofRole.filter((r) => HELD.has(r.status)).reduce((sum, r) => sum + party.size(r), 0);
    const free = capacity[role] - held;
    const fitting = stillWaiting.filter((r) => party.size(r) <= free);
    if (fitting.length) problems.push(`${role}: ${fitting.length} waiting parties fit in the ${free} spots free (first at position ${fitting[0]!.position}, party of ${party.size(fitting[0]!)})`);
    // The API: the same waitlist, each party with its guests; the spots the capacity.
    const dbOrder = stillWaiting.map((r) => `${r.user_id}+${r.guest_count}`);
    const apiOrder = (role === "player" ? apiEvent.playerWaitList : apiEvent.goalkeeperWaitList).map((p) => `${p.userId}+${p.guests?.length ?? 0}`);
    if (dbOrder.join() !== apiOrder.join()) problems.push(`${role}: the API's waitlist (${apiOrder.length}) differs from position order with guests (${dbOrder.length})`);
    const apiSpots = role === "player" ? apiEvent.players : apiEvent.goalkeepers;
    const apiHeld = apiSpots.reduce((sum, p) => sum + 1 + (p.guests?.length ?? 0), 0);
    if (apiHeld !== capacity[role] || apiSpots.some((p) => p.pending)) problems.push(`${role}: the API shows ${apiHeld} spots in ${apiSpots.length} parties`);
    const apiCount = role === "player" ? apiEvent.playersCount : apiEvent.goalkeepersCount;
    if (apiCount !== held) problems.push(`${role}: the API counts ${apiCount} spots, the registrations hold ${held}`);
    served.push(
      `${role}s: ${promoted.length} of ${waited.length} who waited promoted (${passedOver} past a larger party), ${stillWaiting.length} waiting, none fits the ${free} free`,
    );
  }
  return {
    name: "waitlists served in arrival order, the next party that fits first, whole",
    ok: problems.length === 0,
    detail: problems.length ? problems.join("; ") : served.join("; "),
  };
}

/**
 * Cancels refund price − fee (the shared rule), once, to the cent; a charge that landed after its
 * spot was released (a crash between charge and answer) is refunded in full. With guests: a cancel
 * refunds the party's price (1 + the guests it has) − one fee, and a removed guest's share − the fee
 * under its own key; a later cancel refunds what the party still held.
 */
function refundsExact(registrations: RegistrationRow[], payments: PaymentRow[], input: CheckInput, party: Parties): Check {
  const problems: string[] = [];
  const answered = (reply: Reply) => (reply.ok ? `${reply.status} ${JSON.stringify(reply.body)}` : reply.error);
  // A cancel refunds the party it has then: the price of a spot × (1 + its guests), less one fee.
  const dues: number[] = [];
  for (const cancel of input.cancels) {
    const reg = registrations.filter((r) => r.user_id === cancel.user.id && r.closed_reason === "user_left").at(-1);
    const due = refundAfterFeeCents(priceOf(reg?.role ?? "player") * (1 + (reg?.guest_count ?? 0)), input.feeRule);
    dues.push(due);
    const refundCents = cancel.reply.ok ? (cancel.reply.body as { refundCents?: number }).refundCents : undefined;
    if (!cancel.reply.ok || cancel.reply.status !== 200 || refundCents !== due) {
      problems.push(`${cancel.user.id} was answered ${answered(cancel.reply)}`);
    }
  }
  // A guest removed from a paid spot: their share − the fee, recorded on their row.
  const guestsById = new Map(party.registrations.flatMap((r) => party.rows(r.id)).map((guest) => [guest.id, guest]));
  const removals = input.guests?.removals ?? [];
  const guestDues = new Set<number>();
  for (const removal of removals) {
    const guest = guestsById.get(removal.guestId);
    const due = guestRefundDue(guest?.share_cents ?? priceOf("player"), input.feeRule);
    guestDues.add(due);
    const refundCents = removal.reply.ok ? (removal.reply.body as { refundCents?: number }).refundCents : undefined;
    if (!removal.reply.ok || removal.reply.status !== 200 || refundCents !== due) {
      problems.push(`${removal.user.id} removing guest ${removal.guestId} was answered ${answered(removal.reply)}`);
    }
    if (guest?.status !== "removed" || guest.refunded_cents !== due) problems.push(`guest ${removal.guestId} is ${guest?.status ?? "missing"}, refunded ${guest?.refunded_cents ?? "null"}, due ${due}`);
  }
  const byId = new Map(registrations.map((r) => [r.id, r]));
  for (const refund of payments.filter((p) => p.kind === "refund")) {
    const reg = byId.get(refund.registration_id)!;
    if (refund.guest_id) {
      const guest = guestsById.get(refund.guest_id);
      const expected = guest ? guestRefundDue(guest.share_cents, input.feeRule) : 0;
      const key = refund.idempotency_key.split(":retry:")[0];
      if (refund.status !== "succeeded" || refund.amount_cents !== expected || guest?.refunded_cents !== expected || key !== `refund-guest:${refund.guest_id}` || refund.reason !== "guest_removed") {
        problems.push(`guest ${refund.guest_id} (registration ${reg.id}): refund ${refund.status} ${refund.amount_cents} key ${key} reason ${refund.reason}, recorded ${guest?.refunded_cents ?? "null"}, due ${expected}`);
      }
      continue;
    }
    // The reason the release's refund was written with: the player's cancel, else a charge that landed after its spot was released.
    const reason = reg.closed_reason === "user_left" ? "player_cancel" : "late_charge";
    if (refund.reason !== reason) problems.push(`registration ${reg.id} (${reg.closed_reason}): refund written for ${refund.reason}, the rules say ${reason}`);
    const charge = payments.find((p) => p.kind === "charge" && p.registration_id === refund.registration_id && p.status === "succeeded");
    // What the party held when released: its charge, less the shares of guests removed from it before.
    const held = (charge?.amount_cents ?? 0) - party.removedPaid(reg.id).shares;
    const expected = reg.closed_reason === "user_left" ? refundAfterFeeCents(held, input.feeRule) : held;
    if (refund.status !== "succeeded" || refund.amount_cents !== expected || reg.refunded_cents !== expected) {
      problems.push(`registration ${reg.id}: refund ${refund.status} ${refund.amount_cents}, recorded ${reg.refunded_cents}, due ${expected}`);
    }
  }
  const left = registrations.filter((r) => r.closed_reason === "user_left");
  if (left.length !== input.cancels.length) problems.push(`${left.length} registrations closed by their user, ${input.cancels.length} cancelled`);
  const money = (cents: number) => formatCents(cents, DEFAULT_CURRENCY);
  const distinct = [...new Set(dues.length ? dues : [refundAfterFeeCents(GAME.costCents, input.feeRule)])].sort((a, b) => a - b);
  const cancelsDetail =
    distinct.length === 1
      ? `${input.cancels.length} cancels answered ${money(distinct[0]!)} each`
      : `${input.cancels.length} cancels answered their party's price − fee (${distinct.map(money).join(", ")})`;
  const removalsDetail = input.guests ? `; ${removals.length} guests removed, answered ${[...guestDues].map(money).join(", ") || "nothing"} each` : "";
  return {
    name: "every refund exact to the cent",
    ok: problems.length === 0,
    detail: problems.length ? problems.slice(0, 3).join("; ") : `${cancelsDetail}${removalsDetail}; every refund row succeeded with the amount due`,
  };
}

/**
 * Invariants 3 and 4 (docs/registrations-and-payments.md), at the processor: one charge per registration, and what it kept matches the
 * registration's state. With guests, a guest removed from a paid spot leaves their fee with the processor too.
 */
function chargedOnce(registrations: RegistrationRow[], processor: ProcessorRow[], party: Parties): Check {
  const problems: string[] = [];
  for (const reg of registrations) {
    const charges = processor.filter((p) => p.registration_id === reg.id && p.kind === "charge");
    const refunded = processor.filter((p) => p.registration_id === reg.id && p.kind === "refund").reduce((sum, p) => sum + p.amount_cents, 0);
    const kept = charges.reduce((sum, p) => sum + p.amount_cents, 0) - refunded;
    const removed = party.removedPaid(reg.id);
    const expected =
      (reg.status === "confirmed" ? reg.amount_cents : reg.status === "refunded" ? reg.amount_cents - (reg.refunded_cents ?? 0) : 0) + removed.shares - removed.refunded;
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
 * With guests (docs/guests.md): each registration's guest_count is the count of its active guest rows
 * (the count capacity reads and the guests themselves agree, so no party holds or waits half), its rows
 * are the guests its join named, each with the share of a spot, only players bring any, and a guest is
 * removed only when their player asked (and, from a paid spot, with the refund recorded).
 */
function partiesWhole(registrations: RegistrationRow[], guests: GuestRow[], input: CheckInput): Check {
  const problems: string[] = [];
  const rowsOf = new Map<string, GuestRow[]>();
  for (const guest of guests) rowsOf.set(guest.registration_id, [...(rowsOf.get(guest.registration_id) ?? []), guest]);
  for (const reg of registrations) {
    const rows = rowsOf.get(reg.id) ?? [];
    const active = rows.filter((g) => g.status === "active").length;
    if (reg.guest_count !== active) problems.push(`registration ${reg.id} (${reg.status}): guest_count ${reg.guest_count}, ${active} active guests`);
    if (reg.role !== "player" && rows.length) problems.push(`registration ${reg.id}: a ${reg.role} with ${rows.length} guests`);
    const wrongShare = rows.find((g) => g.share_cents !== priceOf(reg.role));
    if (wrongShare) problems.push(`guest ${wrongShare.id}: share ${wrongShare.share_cents}, the spot costs ${priceOf(reg.role)}`);
  }
  const joinOf = new Map(input.joins.map((join) => [join.user.id, join]));
  for (const reg of registrations) {
    const join = joinOf.get(reg.user_id);
    const named = (rowsOf.get(reg.id) ?? []).length;
    if (join && named !== join.guests) problems.push(`registration ${reg.id}: ${named} guests, the join named ${join.guests}`);
  }
  const asked = new Set((input.guests?.removals ?? []).filter((r) => r.reply.ok && r.reply.status === 200).map((r) => r.guestId));
  const removed = guests.filter((g) => g.status === "removed");
  const unasked = removed.filter((g) => !asked.has(g.id));
  if (unasked.length) problems.push(`${unasked.length} guests removed that nobody removed (first ${unasked[0]!.id})`);
  if (removed.length !== asked.size) problems.push(`${removed.length} guests removed, ${asked.size} removals answered 200`);
  if (removed.some((g) => g.refunded_cents === null)) problems.push("a guest removed from a paid spot has no refund recorded");
  const withGuests = registrations.filter((r) => (rowsOf.get(r.id) ?? []).length > 0);
  return {
    name: "every party whole: guest_count = its active guests, as its join named them; removed only when asked",
    ok: problems.length === 0,
    detail: problems.length
      ? `${problems.length} problems: ${problems.slice(0, 3).join("; ")}`
      : `${registrations.length} registrations, ${withGuests.length} with ${guests.length} guests (${guests.length - removed.length} active, ${removed.length} removed as asked)`,
  };
}

/**
 * With guests: every charge, in the ledger and at the processor, is the party's price at join, the price
 * of a spot × (1 + the guests it named); a succeeded one is also the party's price now plus the shares
 * of guests removed since (registration.amount_cents + their share_cents). Each join's answer stated
 * that price.
 */
function chargedPartyPrice(registrations: RegistrationRow[], payments: PaymentRow[], processor: ProcessorRow[], joins: JoinOutcome[], party: Parties): Check {
  const problems: string[] = [];
  const byId = new Map(registrations.map((r) => [r.id, r]));
  const atJoin = (reg: RegistrationRow) => priceOf(reg.role) * (1 + party.atJoin(reg.id));
  const charges = payments.filter((p) => p.kind === "charge");
  for (const charge of charges) {
    const reg = byId.get(charge.registration_id)!;
    if (charge.amount_cents !== atJoin(reg)) problems.push(`${charge.idempotency_key} ${charge.status}: ${charge.amount_cents}, the party's price at join ${atJoin(reg)}`);
    else if (charge.status === "succeeded" && charge.amount_cents !== reg.amount_cents + party.removedPaid(reg.id).shares) {
      problems.push(`${charge.idempotency_key}: ${charge.amount_cents}, the party's price now ${reg.amount_cents} + removed shares ${party.removedPaid(reg.id).shares}`);
    }
  }
  for (const made of processor.filter((p) => p.kind === "charge")) {
    const reg = byId.get(made.registration_id);
    if (reg && made.amount_cents !== atJoin(reg)) problems.push(`the processor charged registration ${reg.id} ${made.amount_cents}, the party's price ${atJoin(reg)}`);
  }
  for (const join of joins) {
    if (!join.reply.ok || join.reply.status !== 201) continue;
    const stated = (join.reply.body as { registration?: { amountCents?: number } }).registration?.amountCents;
    const due = priceOf(join.user.role) * (1 + join.guests);
    if (stated !== due) problems.push(`${join.user.id} (${join.guests} guests) was answered ${stated}, the party's price ${due}`);
  }
  const succeeded = charges.filter((p) => p.status === "succeeded");
  const ofParties = succeeded.filter((p) => party.atJoin(p.registration_id) > 0);
  return {
    name: "every charge is the party's price at join: price × (1 + guests)",
    ok: problems.length === 0,
    detail: problems.length
      ? `${problems.length} problems: ${problems.slice(0, 3).join("; ")}`
      : `${charges.length} ledger charges (${succeeded.length} succeeded, ${ofParties.length} of them for parties with guests), every 201 answer stated the party's price`,
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
  /** A run with guests: a party's spots come back in full, 1 + guests; a removed guest's refund is a row of its own. */
  guests?: boolean;
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
  guest_id: string | null;
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
      `select id::text, registration_id::text, event_id::text, kind, status, amount_cents, idempotency_key, gateway_id, error, guest_id::text
       from payment where event_id::text = any($1::text[])`,
      [input.eventIds],
    )
  ).rows;
  const registrations = (
    await pool.query<RegistrationRow & { event_id: string }>(
      `select id::text, event_id::text, user_id, role, status, position::int as position, amount_cents, consent_to_auto_charge, closed_reason, refunded_cents,
              guest_count, promoted_at
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
  // A removed guest's share goes back minus the fee, as a cancel does.
  const isAfterFee = (row: LedgerRow) => row.guest_id !== null || regById.get(row.registration_id)?.closed_reason === "user_left";
  const afterFee = refunds.filter(isAfterFee);
  const full = refunds.filter((row) => !isAfterFee(row));
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

  // One ledger refund per registration (and one per removed guest), one processor refund per ledger
  // refund (same key, id, amount), and no processor refund the ledger does not know.
  const onceProblems: string[] = [];
  const ledgerChargeOf = new Map(ledger.filter((row) => row.kind === "charge" && row.status === "succeeded").map((row) => [row.registration_id, row]));
  const refundsOfReg = new Map<string, number>();
  const refundOf = (row: LedgerRow) => (row.guest_id ? `guest ${row.guest_id} of registration ${row.registration_id}` : `registration ${row.registration_id}`);
  for (const row of refunds) refundsOfReg.set(refundOf(row), (refundsOfReg.get(refundOf(row)) ?? 0) + 1);
  for (const [whose, count] of refundsOfReg) if (count > 1) onceProblems.push(`${whose} has ${count} refund rows`);
  const ledgerRefundsOfCharge = new Map<string, number>();
  for (const row of refunds) ledgerRefundsOfCharge.set(row.registration_id, (ledgerRefundsOfCharge.get(row.registration_id) ?? 0) + 1);
  const firstKey = (key: string) => key.split(":retry:")[0];
  const matched = new Set<string>();
  for (const row of refunds) {
    const charge = ledgerChargeOf.get(row.registration_id);
    // A charge with several refunds (a removed guest's, then the party's): each is told apart by its key.
    const several = (ledgerRefundsOfCharge.get(row.registration_id) ?? 0) > 1;
    const atProcessor = processor.filter(
      (refund) => charge?.gateway_id && refund.charge_id === charge.gateway_id && (!several || firstKey(refund.idempotency_key) === firstKey(row.idempotency_key)),
    );
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
    // A party's spots all come back: the price of a spot × (1 + its guests).
    const price = (reg.role === "goalkeeper" ? input.cancelledGame.goalkeeperCostCents : input.cancelledGame.costCents) * (1 + reg.guest_count);
    const refund = refunds.find((row) => row.registration_id === reg.id && !row.guest_id);
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
  const byRole = (role: string) => refunded.filter((reg) => reg.role === role).reduce((sum, reg) => sum + 1 + reg.guest_count, 0);
  const partiesNote = input.guests ? ` (${refunded.filter((reg) => reg.guest_count > 0).length} parties with guests among the ${refunded.length})` : "";
  const inFull: Check = {
    name: "the cancelled game: every held spot refunded in full, nothing kept",
    ok: fullProblems.length === 0,
    detail: fullProblems.length
      ? fullProblems.slice(0, 3).join("; ")
      : `admin answered 200; ${byRole("player") + byRole("goalkeeper")} spots refunded in full${partiesNote} (${byRole("player")} × ${money(input.cancelledGame.costCents)}, ` +
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
