import { randomUUID } from "node:crypto";
import { getTableColumns } from "drizzle-orm";
import { partyAmountCents } from "#shared/guests.ts";
import { ACTIVE_STATUSES, HELD_STATUSES, type RegistrationRole } from "#shared/registrations.ts";
import { registration } from "#server/db/schema.ts";
import { LIVE_CHANNEL } from "#server/events/live-messages.ts";
import { type RegistrationRow } from "./queries.ts";
import { chargeKey } from "#server/money/ledger.ts";
import { DELETION_MARK_MS } from "./release-user.ts";
import type { Tx } from "#server/db/client.ts";

/** What the reserving statement decided; the first three inserted a registration. */
export type ReserveOutcome =
  | "confirmed"
  | "pending_payment"
  | "waitlisted"
  /** The account is being deleted (or is gone): its spots are being released. */
  | "account_being_deleted"
  /** The user already holds a spot in this game (either role): a payment to resume, or a refusal. */
  | "holds_spot"
  /** The user already waits on this role's waitlist. */
  | "on_waitlist"
  /** The game is full and a paid waitlist place needs the consent to an automatic charge. */
  | "consent_required";

export interface ReserveRequest {
  eventId: string;
  userId: string;
  role: RegistrationRole;
  /** The role's capacity, from the event row just locked. */
  capacity: number;
  /**
   * The price of one spot, from the event row just locked (join-batch.ts checks it against the price the
   * join was prepared with); the party pays it once per head (docs/guests.md). It decides the spot's
   * amount, the charge row's and the amount a paid waitlist place consents to.
   */
  priceCents: number;
  /** +1 guests, already checked against the game's limit: the party holds or waits for 1 + guests spots. */
  guests: { firstName: string; lastName?: string }[];
  /** A paid join's chosen card, checked before the lock, and the customer it belongs to. */
  paymentMethodId: string | null;
  cardLabel: string | null;
  customerId: string | null;
  currency: string;
  consentToAutoCharge: boolean;
  /** When a waitlist place is taken (the console counts waitlist joins by it). */
  now: Date;
  /**
   * A game-on game still open (docs/game-on.md): a paid spot is held on the card instead of charged
   * (a `card_hold` row, key hold:{id}, in place of the charge row), and every paid join needs the
   * consent to capture. `placeAfter` set: the decision is further off than a hold lasts, so the spot
   * is confirmed now and the hold `scheduled` for that instant.
   */
  hold?: { placeAfter: Date | null };
}

export interface Reservation {
  outcome: ReserveOutcome;
  /** The registration inserted, for the first three outcomes. */
  reg?: RegistrationRow;
}

/**
 * A join's whole decision and its writes in one statement, run under the event lock (withEventLock) so
 * the lock is held for one round trip instead of one per step (docs/registrations-and-payments.md,
 * "The event lock"). In order, as the rules read:
 *   1. the user's row is held shared until COMMIT, so an account deletion cannot begin meanwhile, and a
 *      deletion already begun refuses the join (release-user.ts marks itself under that row's lock);
 *   2. a spot already held (either role) or a place on this role's waitlist refuses it;
 *   3. the role's held spots (each registration holding 1 + its guests) against its capacity decide
 *      a spot for the whole party (paid: held for payment) or the waitlist for the whole party, and a
 *      paid waitlist place needs the consent to an automatic charge of the party's price;
 *   4. the registration is inserted with its guests (docs/guests.md) and its ledger charge row
 *      (pending, key charge:{id}, price × (1 + guests)) for a paid spot, or in a game-on game its
 *      card hold (pending, or scheduled with the spot confirmed at once: docs/game-on.md); a free
 *      spot closes the user's place on the other role's waitlist;
 *   5. when something was inserted and `announce` is set, the game's version is bumped and NOTIFYed,
 *      as announceEventChange does (src/server/events/announce.ts), inside this transaction: once per
 *      transaction is enough, as listeners read the game after COMMIT (join-batch.ts sets it for the
 *      first insert of a turn).
 * Every part of one statement reads the same snapshot, taken after the lock was granted: the lock
 * must be taken by an earlier statement (a statement that waits for a row lock keeps its older
 * snapshot for everything but the locked row).
 */
export async function reserveSpot(tx: Tx, request: ReserveRequest, options: { announce: boolean }): Promise<Reservation> {
  const id = randomUUID();
  const paid = request.priceCents > 0;
  const guests = request.guests.map((guest, index) => ({ ordinal: index + 1, first_name: guest.firstName, last_name: guest.lastName ?? null }));
  const { rows } = await tx.client.query<Record<string, unknown> & { outcome: ReserveOutcome }>(RESERVE_SQL, [
    request.eventId,
    request.userId,
    request.role,
    request.capacity,
    request.priceCents,
    paid ? request.paymentMethodId : null,
    paid ? request.cardLabel : null,
    request.consentToAutoCharge,
    DELETION_MARK_MS / 1000,
    request.currency,
    request.customerId,
    LIVE_CHANNEL,
    ACTIVE_STATUSES,
    HELD_STATUSES,
    id,
    request.now,
    chargeKey(id),
    options.announce,
    JSON.stringify(guests),
    guests.length,
    partyAmountCents(request.priceCents, guests.length),
    request.hold !== undefined,
    request.hold?.placeAfter ?? null,
  ]);
  const row = rows[0]!;
  return { outcome: row.outcome, reg: row.id ? registrationOf(row) : undefined };
}

const RESERVE_SQL = `
with me as materialized (
  select coalesce(d.started_at > now() - make_interval(secs => $9), false) as deleting
    from "user" u left join account_deletion d on d.user_id = u.id
   where u.id = $2
     for share of u
),
mine as materialized (
  select role, status from registration
   where event_id = $1 and user_id = $2 and status = any($13::registration_status[])
),
decision as materialized (
  select case
    when not exists (select 1 from me where not deleting) then 'account_being_deleted'
    when exists (select 1 from mine where status = any($14::registration_status[])) then 'holds_spot'
    when exists (select 1 from mine where role = $3::registration_role) then 'on_waitlist'
    when $5::int > 0 and $22::boolean and not $8::boolean then 'consent_required'
    when (select coalesce(sum(1 + guest_count), 0) from registration
           where event_id = $1 and role = $3::registration_role and status = any($14::registration_status[])) + 1 + $20::int <= $4::int
      then case when $5::int > 0 and $23::timestamptz is null then 'pending_payment' else 'confirmed' end
    when $5::int > 0 and not $8::boolean then 'consent_required'
    else 'waitlisted'
  end as outcome
),
inserted as (
  insert into registration
    (id, event_id, user_id, role, status, amount_cents, guest_count, payment_method_id, card_label, consent_to_auto_charge, waitlisted_at)
  select $15::uuid, $1, $2, $3::registration_role, outcome::registration_status, $21::int, $20::int, $6, $7,
         $5::int > 0 and (outcome = 'waitlisted' or $22::boolean),
         case when outcome = 'waitlisted' then $16::timestamptz end
    from decision
   where outcome in ('confirmed', 'pending_payment', 'waitlisted')
  returning *
),
party as (
  insert into registration_guest (registration_id, ordinal, first_name, last_name, share_cents)
  select inserted.id, guest.ordinal, guest.first_name, guest.last_name, $5::int
    from inserted, json_to_recordset($19::json) as guest(ordinal int, first_name text, last_name text)
  returning id
),
charge as (
  insert into payment (registration_id, event_id, user_id, kind, amount_cents, currency, idempotency_key, customer_id, payment_method_id)
  select id, event_id, user_id, 'charge', amount_cents, $10, $17, $11, payment_method_id
    from inserted
   where status = 'pending_payment' and not $22::boolean
  returning id
),
hold as (
  insert into card_hold (registration_id, event_id, user_id, status, amount_cents, currency, idempotency_key, customer_id, payment_method_id, place_after)
  select id, event_id, user_id, case when status = 'pending_payment' then 'pending' else 'scheduled' end::hold_status,
         amount_cents, $10, 'hold:' || id, $11, payment_method_id, $23::timestamptz
    from inserted
   where $22::boolean and $5::int > 0 and status in ('pending_payment', 'confirmed')
  returning id
),
closed as (
  update registration set status = 'cancelled', closed_reason = 'promoted_other_role', updated_at = now()
   where event_id = $1 and user_id = $2 and role <> $3::registration_role and status = 'waitlisted'
     and exists (select 1 from inserted where status = 'confirmed')
  returning id
),
bumped as (
  update "event" set version = version + 1
   where id = $1 and $18::boolean and exists (select 1 from inserted)
  returning id, version
),
announced as (
  select pg_notify($12, json_build_object('type', 'event', 'eventId', id, 'version', version)::text) from bumped
)
select decision.outcome, inserted.*, (select count(*) from party) as guests, (select count(*) from charge) as charges, (select count(*) from hold) as holds, (select count(*) from closed) as closed,
       (select count(*) from announced) as announced
  from decision left join inserted on true`;

const COLUMNS = Object.entries(getTableColumns(registration));

/** A raw row of the statement as drizzle would give it (the same keys and types as a select). */
function registrationOf(row: Record<string, unknown>): RegistrationRow {
  const reg: Record<string, unknown> = {};
  for (const [key, column] of COLUMNS) {
    const value = row[column.name];
    reg[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return reg as RegistrationRow;
}
