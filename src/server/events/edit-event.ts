import { and, count, eq, gt, inArray } from "drizzle-orm";
import { type CreateEventData, DATE_IN_PAST, type EventChange } from "../../shared/events.ts";
import { formatCents } from "../../shared/money.ts";
import { ACTIVE_STATUSES } from "../../shared/registrations.ts";
import { dateInZone, isValidDate, isValidTime, zonedTimeToUtc } from "../../shared/zoned-time.ts";
import { event as eventTable, payment, registration } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";
import { type RegistrationDeps, nowOf } from "../registrations/deps.ts";
import { enqueueIn } from "../registrations/jobs.ts";
import { promoteNext } from "../registrations/promote-next.ts";
import { heldSpots } from "../registrations/queries.ts";
import { type EventRow, type Tx, withEventLock } from "../registrations/transaction.ts";
import { formatEventDay, formatEventHours } from "./describe-event.ts";
import { isEventId } from "./event-summary.ts";
import { EVENT_NOT_FOUND } from "./get-event.ts";

export const EDIT_CANCELLED = "This game was cancelled: it can no longer be edited.";
export const EDIT_FINISHED = "This game is over: it can no longer be edited.";
export const PRICE_LOCKED =
  "The prices cannot change: someone has already paid for this game, or agreed to be charged from its waitlist. Change the other details, or cancel the game to refund everyone.";

/**
 * An admin edits a game: title, date and time, duration, venue, field, notes, capacity, and the
 * prices while nobody has paid (docs/product-rules.md, "Editing a game"). One transaction under the
 * event lock, so no join slips between the capacity check and the write; more spots fill from the
 * waitlists at once; everyone holding a spot or a waitlist place is mailed what changed, by a job
 * committed with the change. Returns the changes (none: nothing written, nobody mailed) and how many
 * people were mailed.
 */
export async function editEvent(
  deps: RegistrationDeps,
  options: { eventId: string; input: CreateEventData },
): Promise<{ changes: EventChange[]; notified: number }> {
  const { eventId, input } = options;
  if (!isEventId(eventId)) throw new AppError("not_found", EVENT_NOT_FOUND);
  if (!isValidDate(input.date)) throw new AppError("validation", "Enter a valid date", { date: "Enter a valid date" });
  if (!isValidTime(input.time)) throw new AppError("validation", "Enter a valid time", { time: "Enter a valid time" });
  const now = nowOf(deps);
  const currency = deps.config.payments.currency;
  const startsAt = zonedTimeToUtc(input.date, input.time, input.timeZone);
  const endsAt = new Date(startsAt.getTime() + input.durationMinutes * 60_000);

  const result = await withEventLock(deps.database, eventId, async (tx, locked) => {
    if (locked.status === "cancelled") throw new AppError("rule", EDIT_CANCELLED);
    if (locked.endsAt.getTime() <= now.getTime()) throw new AppError("rule", EDIT_FINISHED);
    // A game keeps its start once it has begun; only a new start must lie ahead, as on creation.
    if (startsAt.getTime() !== locked.startsAt.getTime()) {
      if (input.date < dateInZone(now, input.timeZone)) throw new AppError("validation", DATE_IN_PAST, { date: DATE_IN_PAST });
      if (startsAt.getTime() <= now.getTime()) throw new AppError("validation", DATE_IN_PAST, { time: DATE_IN_PAST });
    }
    await checkCapacity(tx, locked, input);
    const goalkeeperCostCents = input.includeGoalkeepers ? input.goalkeeperCostCents : 0;
    if ((input.costCents !== locked.costCents || goalkeeperCostCents !== locked.goalkeeperCostCents) && (await someonePaid(tx, locked.id))) {
      throw new AppError("conflict", PRICE_LOCKED, { [input.costCents !== locked.costCents ? "cost" : "goalkeeperCost"]: PRICE_LOCKED });
    }

    const next: EventRow = {
      ...locked,
      title: input.title,
      startsAt,
      endsAt,
      timeZone: input.timeZone,
      durationMinutes: input.durationMinutes,
      locationName: input.location.name,
      latitude: input.location.latitude,
      longitude: input.location.longitude,
      field: input.field,
      notes: input.notes,
      costCents: input.costCents,
      maxPlayers: input.maxPlayers,
      includeGoalkeepers: input.includeGoalkeepers,
      goalkeeperCostCents,
      maxGoalkeepers: input.maxGoalkeepers,
    };
    const changes = describeChanges(locked, next, currency);
    if (changes.length === 0) return { changes, notified: 0 };

    const { id: _id, createdAt: _created, updatedAt: _updated, status: _status, organizerId: _organizer, organizerName: _name, organizerEmail: _email, version: _version, ...values } = next;
    await tx.db.update(eventTable).set(values).where(eq(eventTable.id, locked.id));
    const recipients = await tx.db
      .selectDistinct({ userId: registration.userId })
      .from(registration)
      .where(and(eq(registration.eventId, locked.id), inArray(registration.status, [...ACTIVE_STATUSES])));
    const enqueue = enqueueIn(tx, deps);
    const userIds = recipients.map((row) => row.userId).filter((id): id is string => id !== null);
    for (const userId of userIds) await enqueue.mail({ kind: "event_changed", eventId: locked.id, userId, changes });
    // More spots than before: the waitlists move up now, as when someone leaves.
    await promoteNext(tx, deps, next, "player");
    if (next.includeGoalkeepers) await promoteNext(tx, deps, next, "goalkeeper");
    return { changes, notified: userIds.length };
  }, { announce: (edited) => edited.changes.length > 0 });
  if (result.changes.length > 0) deps.listCache?.invalidate();
  return result;
}

/** Capacity never drops below the spots people hold; goalkeeper places cannot vanish under the people in them. */
async function checkCapacity(tx: Tx, locked: EventRow, input: CreateEventData) {
  const players = await heldSpots(tx, locked.id, "player");
  if (input.maxPlayers < players) {
    const message = `${players} players hold spots in this game: Max Players cannot be below ${players}.`;
    throw new AppError("conflict", message, { maxPlayers: message });
  }
  const goalkeepers = await heldSpots(tx, locked.id, "goalkeeper");
  if (!input.includeGoalkeepers) {
    const [waiting] = await tx.db
      .select({ count: count() })
      .from(registration)
      .where(and(eq(registration.eventId, locked.id), eq(registration.role, "goalkeeper"), inArray(registration.status, [...ACTIVE_STATUSES])));
    if ((waiting?.count ?? 0) > 0) {
      const message = "Goalkeepers are registered for this game: its goalkeeper spots cannot be removed.";
      throw new AppError("conflict", message, { includeGoalkeepers: message });
    }
  } else if (input.maxGoalkeepers < goalkeepers) {
    const message = `${goalkeepers} goalkeepers hold spots in this game: Max Goalkeepers cannot be below ${goalkeepers}.`;
    throw new AppError("conflict", message, { maxGoalkeepers: message });
  }
}

/**
 * Someone paid, is paying, or agreed to an automatic charge at today's price: a charge that is not a
 * failure, or a paid registration still holding a spot or waiting. Free players keep their free spots.
 */
async function someonePaid(tx: Tx, eventId: string): Promise<boolean> {
  const [charged] = await tx.db
    .select({ count: count() })
    .from(payment)
    .where(and(eq(payment.eventId, eventId), eq(payment.kind, "charge"), inArray(payment.status, ["pending", "succeeded"])));
  if ((charged?.count ?? 0) > 0) return true;
  const [owing] = await tx.db
    .select({ count: count() })
    .from(registration)
    .where(and(eq(registration.eventId, eventId), gt(registration.amountCents, 0), inArray(registration.status, [...ACTIVE_STATUSES])));
  return (owing?.count ?? 0) > 0;
}

/** What the players are told changed, old → new, in the game's own time zone and the app's currency. */
export function describeChanges(before: EventRow, after: EventRow, currency: string): EventChange[] {
  const when = (row: EventRow) => `${formatEventDay(row.startsAt, row.timeZone)}, ${formatEventHours(row.startsAt, row.endsAt, row.timeZone)}`;
  const point = (row: EventRow) => (row.latitude === null || row.longitude === null ? "no map pin" : `${row.latitude.toFixed(4)}, ${row.longitude.toFixed(4)}`);
  const price = (cents: number) => (cents === 0 ? "Free" : formatCents(cents, currency));
  const spots = (n: number) => (n === 1 ? "1 spot" : `${n} spots`);
  const goalkeepers = (row: EventRow) => (row.includeGoalkeepers ? `${spots(row.maxGoalkeepers)}, ${price(row.goalkeeperCostCents)}` : "No goalkeepers");
  const fields: [string, (row: EventRow) => string][] = [
    ["Title", (row) => row.title],
    ["When", when],
    ["Venue", (row) => row.locationName],
    ["Map pin", point],
    ["Field", (row) => row.field ?? "none"],
    ["Notes", (row) => row.notes ?? "none"],
    ["Players", (row) => spots(row.maxPlayers)],
    ["Player price", (row) => price(row.costCents)],
    ["Goalkeepers", goalkeepers],
  ];
  return fields.flatMap(([label, read]) => {
    const [was, is] = [read(before), read(after)];
    return was === is ? [] : [{ label, before: was, after: is }];
  });
}
