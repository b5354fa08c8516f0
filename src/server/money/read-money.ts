import { asc, eq, inArray, isNotNull, type SQL } from "drizzle-orm";
import type { LedgerEntry, LedgerGroup, PartyGuest, RefundReason } from "#shared/ledger.ts";
import type { Db } from "#server/db/client.ts";
import { payment, registration, registrationGuest } from "#server/db/schema.ts";

/**
 * The one read of the ledger (docs/money.md): every screen, file, mail and check that tells money
 * reads its rows here and adds them with the pure rules of src/shared/ledger.ts, so that no two
 * places can add the same rows differently. Rows are never changed in amount once written, so a
 * mail that reads the rows it reports (by their ids) tells the same sums whenever it is sent.
 */

/** Which rows: a game's, some registrations', a person's, or some rows by id. */
export type LedgerScope = { eventId: string } | { registrationIds: readonly string[] } | { userId: string } | { paymentIds: readonly string[] };

const entryColumns = {
  id: payment.id,
  registrationId: payment.registrationId,
  kind: payment.kind,
  status: payment.status,
  amountCents: payment.amountCents,
  reason: payment.reason,
  guestId: payment.guestId,
  offSession: payment.offSession,
  updatedAt: payment.updatedAt,
};

function whereOf(db: Db, scope: LedgerScope): SQL | undefined {
  if ("eventId" in scope) return eq(payment.eventId, scope.eventId);
  if ("registrationIds" in scope) return inArray(payment.registrationId, [...scope.registrationIds]);
  if ("paymentIds" in scope) return inArray(payment.id, [...scope.paymentIds]);
  // A person's rows through their registrations: the ledger's own user_id is the same, but the
  // registration index is the one Your Events reads by.
  return inArray(payment.registrationId, db.select({ id: registration.id }).from(registration).where(eq(registration.userId, scope.userId)));
}

/** The ledger rows of a scope, in the order they were written. */
export async function readLedger(db: Db, scope: LedgerScope): Promise<LedgerEntry[]> {
  if (("registrationIds" in scope && scope.registrationIds.length === 0) || ("paymentIds" in scope && scope.paymentIds.length === 0)) return [];
  return db.select(entryColumns).from(payment).where(whereOf(db, scope)).orderBy(asc(payment.createdAt), asc(payment.id));
}

/** The ledger rows of a scope, by registration. */
export async function ledgerByRegistration(db: Db, scope: LedgerScope): Promise<Map<string, LedgerEntry[]>> {
  const byRegistration = new Map<string, LedgerEntry[]>();
  for (const entry of await readLedger(db, scope)) {
    const rows = byRegistration.get(entry.registrationId);
    if (rows) rows.push(entry);
    else byRegistration.set(entry.registrationId, [entry]);
  }
  return byRegistration;
}

/** Every guest of these registrations, active or removed, in the player's order: what the allocation per person needs. */
export type PartyGuestRow = PartyGuest & { firstName: string; lastName: string | null; removedAt: Date | null };

export async function partyGuestsOf(db: Db, registrationIds: readonly string[]): Promise<Map<string, PartyGuestRow[]>> {
  const parties = new Map<string, PartyGuestRow[]>();
  if (registrationIds.length === 0) return parties;
  const rows = await db
    .select({
      registrationId: registrationGuest.registrationId,
      id: registrationGuest.id,
      shareCents: registrationGuest.shareCents,
      status: registrationGuest.status,
      refundedCents: registrationGuest.refundedCents,
      firstName: registrationGuest.firstName,
      lastName: registrationGuest.lastName,
      removedAt: registrationGuest.removedAt,
    })
    .from(registrationGuest)
    .where(inArray(registrationGuest.registrationId, [...registrationIds]))
    .orderBy(asc(registrationGuest.registrationId), asc(registrationGuest.ordinal));
  for (const { registrationId, ...guest } of rows) {
    const party = parties.get(registrationId);
    if (party) party.push(guest);
    else parties.set(registrationId, [guest]);
  }
  return parties;
}

/**
 * Every row of the ledger with the processor's id for it and the state of its registration: what
 * `npm run reconcile` compares with the processor (money/reconcile.ts). The comparison's rules are
 * reconcile's own, so that it checks the ledger rather than repeating what the screens add up.
 */
export type AuditedEntry = LedgerEntry & {
  gatewayId: string | null;
  registration: { status: typeof registration.$inferSelect.status; closedReason: typeof registration.$inferSelect.closedReason; refundedCents: number | null };
};

export async function readLedgerForAudit(db: Db): Promise<AuditedEntry[]> {
  const rows = await db
    .select({ ...entryColumns, gatewayId: payment.gatewayId, regStatus: registration.status, closedReason: registration.closedReason, refundedCents: registration.refundedCents })
    .from(payment)
    .innerJoin(registration, eq(registration.id, payment.registrationId))
    .orderBy(asc(payment.createdAt), asc(payment.id));
  return rows.map(({ regStatus, closedReason, refundedCents, ...entry }) => ({ ...entry, registration: { status: regStatus, closedReason, refundedCents } }));
}

/** Every guest removed from a party, with their share and what the removal recorded as refunded. */
export async function removedGuests(db: Db): Promise<{ id: string; registrationId: string; shareCents: number; refundedCents: number }[]> {
  const rows = await db
    .select({ id: registrationGuest.id, registrationId: registrationGuest.registrationId, shareCents: registrationGuest.shareCents, refundedCents: registrationGuest.refundedCents })
    .from(registrationGuest)
    .where(isNotNull(registrationGuest.refundedCents));
  return rows.map((row) => ({ ...row, refundedCents: row.refundedCents ?? 0 }));
}

/** Runs one statement: a pool's query, or one client's in turn (console/day-facts.ts). */
export type RunQuery = <T extends Record<string, unknown>>(text: string, values: unknown[]) => Promise<T[]>;

/**
 * The ledger rows written between two instants, grouped by the day they were written in `timeZone`
 * and by what the console tells apart. A refund's class is its row's own reason, fixed when it was
 * written (docs/money.md), so a stored day never changes class when the registration moves on.
 */
export async function ledgerByDay(query: RunQuery, range: { start: Date; end: Date; timeZone: string }): Promise<{ date: string; group: LedgerGroup }[]> {
  const rows = await query<{ date: string; kind: "charge" | "refund"; status: string; off_session: boolean; reason: RefundReason | null; amount_cents: number; rows: number }>(
    `select to_char(p.created_at at time zone $3, 'YYYY-MM-DD') as date, p.kind, p.status, p.off_session, p.reason, p.amount_cents, count(*)::int as rows
       from payment p
      where p.created_at >= $1 and p.created_at < $2
      group by 1, 2, 3, 4, 5, 6
      -- In a fixed order, so a day summed twice is the same facts (a stored day compares equal to a fresh sum).
      order by 1, 2, 3, 4, 5, 6`,
    [range.start, range.end, range.timeZone],
  );
  return rows.map((row) => ({
    date: row.date,
    group: { kind: row.kind, status: row.status, offSession: row.off_session, reason: row.reason, amountCents: row.amount_cents, rows: row.rows },
  }));
}
