import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import {
  ACTIVE_STATUSES,
  type ClosedReason,
  HELD_STATUSES,
  type RegistrationRole,
  type RegistrationStatus,
  statusesBefore,
} from "#shared/registrations.ts";
import { registration } from "#server/db/schema.ts";
import type { EventRow } from "#server/events/game-lock.ts";
import type { Tx } from "#server/db/client.ts";

/** Queries used inside withEventLock; they take the transaction, never the pool. */

export type RegistrationRow = typeof registration.$inferSelect;

export function capacityOf(event: EventRow, role: RegistrationRole): number {
  return role === "player" ? event.maxPlayers : event.maxGoalkeepers;
}

/** Spots of the role held now: one per registration holding a spot, and one per guest in its party (docs/guests.md). */
export async function heldSpots(tx: Tx, eventId: string, role: RegistrationRole): Promise<number> {
  const [row] = await tx.db
    .select({ held: sql<number>`coalesce(sum(1 + ${registration.guestCount}), 0)`.mapWith(Number) })
    .from(registration)
    .where(and(eq(registration.eventId, eventId), eq(registration.role, role), inArray(registration.status, [...HELD_STATUSES])));
  return row?.held ?? 0;
}

/** The user's registrations in this event that hold a spot or wait. */
export async function activeRegistrationsOf(tx: Tx, eventId: string, userId: string): Promise<RegistrationRow[]> {
  return tx.db
    .select()
    .from(registration)
    .where(and(eq(registration.eventId, eventId), eq(registration.userId, userId), inArray(registration.status, [...ACTIVE_STATUSES])));
}

/** The first in arrival order whose party (the player and their guests) fits in `free` spots. */
export async function firstWaitlistedFitting(tx: Tx, eventId: string, role: RegistrationRole, free: number): Promise<RegistrationRow | undefined> {
  const [row] = await tx.db
    .select()
    .from(registration)
    .where(
      and(
        eq(registration.eventId, eventId),
        eq(registration.role, role),
        eq(registration.status, "waitlisted"),
        sql`1 + ${registration.guestCount} <= ${free}`,
      ),
    )
    .orderBy(asc(registration.position))
    .limit(1);
  return row;
}

/**
 * Moves a registration to another status, only along NEXT_STATUSES: the update names the statuses it
 * may come from, so a move the rules do not allow (refunding twice, confirming a closed spot) changes
 * nothing and throws instead of corrupting the lists.
 */
export async function moveRegistration(
  tx: Tx,
  id: string,
  to: RegistrationStatus,
  values: { closedReason?: ClosedReason; refundedCents?: number | null; promotedAt?: Date } = {},
) {
  const moved = await tx.db
    .update(registration)
    .set({ status: to, ...values })
    .where(and(eq(registration.id, id), inArray(registration.status, statusesBefore(to))))
    .returning({ id: registration.id });
  if (moved.length === 0) throw new Error(`registration ${id} cannot move to ${to}`);
}

export async function closeRegistration(
  tx: Tx,
  id: string,
  values: { status: "cancelled" | "refunded" | "payment_failed"; closedReason: ClosedReason; refundedCents?: number | null },
) {
  await moveRegistration(tx, id, values.status, { closedReason: values.closedReason, refundedCents: values.refundedCents ?? null });
}

/**
 * A user holds at most one spot per event; once they have one, their place on the other role's
 * waitlist goes (docs/product-rules.md, "Registration rules").
 */
export async function closeOtherWaitlist(tx: Tx, held: RegistrationRow) {
  if (!held.userId) return;
  await tx.db
    .update(registration)
    .set({ status: "cancelled", closedReason: "promoted_other_role" })
    .where(
      and(
        eq(registration.eventId, held.eventId),
        eq(registration.userId, held.userId),
        ne(registration.role, held.role),
        eq(registration.status, "waitlisted"),
      ),
    );
}
