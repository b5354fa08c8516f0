import { and, count, eq, inArray, max } from "drizzle-orm";
import { type CreateEventData, DATE_IN_PAST, type EventChange } from "#shared/events.ts";
import type { Language } from "#shared/language.ts";
import { formatCents } from "#shared/money.ts";
import { ACTIVE_STATUSES } from "#shared/registrations.ts";
import { timeZoneName } from "#shared/time-zone-name.ts";
import { dateInZone, isValidDate, isValidTime, zonedTimeToUtc } from "#shared/zoned-time.ts";
import { event as eventTable, registration } from "#server/db/schema.ts";
import { AppError } from "#server/http/errors.ts";
import { type RegistrationDeps, nowOf } from "./deps.ts";
import { enqueueIn } from "./jobs.ts";
import { promoteNext } from "./promote-next.ts";
import { type EventRow, withEventLock } from "#server/events/game-lock.ts";
import type { Tx } from "#server/db/client.ts";
import { translatorFor } from "#server/i18n/translate.ts";
import { formatEventDay, formatEventHours } from "#server/events/describe-event.ts";
import { isEventId } from "#server/events/event-summary.ts";
import { EVENT_NOT_FOUND } from "#server/events/get-event.ts";
import { errorText } from "#shared/i18n/error-key.ts";
import { translate } from "#server/i18n/translate.ts";
import { gameOnAfterEdit } from "./edit-game-on.ts";

/** Its English, what the tests compare; thrown by key ("errors.event.editCancelled"). */
export const EDIT_CANCELLED = translate("en", "errors.event.editCancelled");
/** Its English, what the tests compare; thrown by key ("errors.event.editFinished"). */
export const EDIT_FINISHED = translate("en", "errors.event.editFinished");
/** A party (a player and their guests) waits for more player spots than the edit would leave. */
export const waitingPartyTooLarge = (size: number) => errorText("errors.event.waitingPartyTooLarge", { size: String(size), keep: String(size) });

/**
 * An admin edits a game: title, date and time, duration, venue, field, notes, capacity and prices
 * (docs/product-rules.md, "Editing a game"). One transaction under the event lock, so no join slips
 * between the checks and the write. A new price is for new registrations only: every registration
 * keeps the amount on its row, which is what its charge, promotion and refund use. A capacity below
 * the spots held keeps them all and closes the role until enough leave; more spots fill from the
 * waitlists at once. A capacity below a waiting party (a player and guests, docs/guests.md) is
 * refused: the party could never be promoted. A game of a series that has not opened yet opens as
 * long before its new start as before its old one. Everyone holding a spot or a waitlist place is
 * mailed what changed, by a job committed with the change. Returns the changes (none: nothing
 * written, nobody mailed) and how many people were mailed. Editing a series' following games calls
 * this once per game (series/edit-series-games.ts).
 */
export async function editEvent(
  deps: RegistrationDeps,
  options: { eventId: string; input: CreateEventData },
): Promise<{ changes: EventChange[]; notified: number }> {
  const { eventId, input } = options;
  if (!isEventId(eventId)) throw new AppError("not_found", EVENT_NOT_FOUND);
  if (!isValidDate(input.date)) throw new AppError("validation", errorText("errors.event.validDate"), { date: errorText("errors.event.validDate") });
  if (!isValidTime(input.time)) throw new AppError("validation", errorText("errors.event.validTime"), { time: errorText("errors.event.validTime") });
  const now = nowOf(deps);
  const currency = deps.config.payments.currency;
  const startsAt = zonedTimeToUtc(input.date, input.time, input.timeZone);
  const endsAt = new Date(startsAt.getTime() + input.durationMinutes * 60_000);

  const result = await withEventLock(deps.database, eventId, async (tx, locked) => {
    if (locked.status === "cancelled") throw new AppError("rule", errorText("errors.event.editCancelled"));
    if (locked.endsAt.getTime() <= now.getTime()) throw new AppError("rule", errorText("errors.event.editFinished"));
    // A game keeps its start once it has begun; only a new start must lie ahead, as on creation.
    if (startsAt.getTime() !== locked.startsAt.getTime()) {
      if (input.date < dateInZone(now, input.timeZone)) throw new AppError("validation", DATE_IN_PAST, { date: DATE_IN_PAST });
      if (startsAt.getTime() <= now.getTime()) throw new AppError("validation", DATE_IN_PAST, { time: DATE_IN_PAST });
    }
    await checkGoalkeepersKept(tx, locked, input);
    await checkWaitingPartiesFit(tx, locked, input);
    const goalkeeperCostCents = input.includeGoalkeepers ? input.goalkeeperCostCents : 0;
    // A game not open yet keeps its head start: its opening (and its regulars' window) moves with it.
    const moved = (at: Date | null) => (at && at.getTime() > now.getTime() ? new Date(at.getTime() + startsAt.getTime() - locked.startsAt.getTime()) : at);
    const registrationOpensAt = moved(locked.registrationOpensAt);
    const regularsOpenAt = moved(locked.regularsOpenAt);

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
      maxGuestsPerPlayer: input.maxGuestsPerPlayer,
      registrationOpensAt,
      regularsOpenAt,
      ...(await gameOnAfterEdit(tx, locked, input, startsAt, now)),
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
    // Each reader's mail says the changes in their language: the French are written now, from the same rows.
    const changesIn = { fr: describeChanges(locked, next, currency, "fr") };
    const priceChanged = next.costCents !== locked.costCents || next.goalkeeperCostCents !== locked.goalkeeperCostCents;
    for (const userId of userIds) await enqueue.mail({ kind: "event_changed", eventId: locked.id, userId, changes, changesIn, priceChanged });
    // More spots than before: the waitlists move up now, as when someone leaves.
    await promoteNext(tx, deps, next, "player");
    if (next.includeGoalkeepers) await promoteNext(tx, deps, next, "goalkeeper");
    return { changes, notified: userIds.length };
  }, { announce: (edited) => edited.changes.length > 0 });
  if (result.changes.length > 0) deps.listCache?.invalidate();
  return result;
}

/** Goalkeeper places cannot vanish under the people in them or waiting for them. */
async function checkGoalkeepersKept(tx: Tx, locked: EventRow, input: CreateEventData) {
  if (input.includeGoalkeepers) return;
  const [waiting] = await tx.db
    .select({ count: count() })
    .from(registration)
    .where(and(eq(registration.eventId, locked.id), eq(registration.role, "goalkeeper"), inArray(registration.status, [...ACTIVE_STATUSES])));
  if ((waiting?.count ?? 0) > 0) {
    const message = errorText("errors.event.goalkeepersRegistered");
    throw new AppError("conflict", message, { includeGoalkeepers: message });
  }
}

/**
 * A party on the waitlist holds out for 1 + guests spots at once: lowering the player capacity below
 * that would leave it waiting for ever (docs/guests.md, "Waiting and promotion"). Such an edit is
 * refused, naming the smallest capacity that keeps the largest party waiting; nothing is lost, and
 * the organiser may lower it once that party has left or been promoted. Read under the game's lock,
 * so a party joining at the same moment is either seen here or refused by its own join (a party
 * larger than the game). A capacity kept or raised is never refused.
 */
async function checkWaitingPartiesFit(tx: Tx, locked: EventRow, input: CreateEventData) {
  if (input.maxPlayers >= locked.maxPlayers) return;
  const [largest] = await tx.db
    .select({ size: max(registration.guestCount) })
    .from(registration)
    .where(and(eq(registration.eventId, locked.id), eq(registration.role, "player"), eq(registration.status, "waitlisted")));
  const size = largest?.size === null || largest?.size === undefined ? 0 : 1 + Number(largest.size);
  if (size > input.maxPlayers) {
    const message = waitingPartyTooLarge(size);
    throw new AppError("rule", message, { maxPlayers: message });
  }
}

/**
 * What the players are told changed, old → new, in the game's own time zone and the app's currency,
 * in a reader's language (English: the organiser's notice and English readers' mails).
 */
export function describeChanges(before: EventRow, after: EventRow, currency: string, language: Language = "en"): EventChange[] {
  const t = translatorFor(language);
  const when = (row: EventRow) => `${formatEventDay(row.startsAt, row.timeZone, language)}, ${formatEventHours(row.startsAt, row.endsAt, row.timeZone, language)}`;
  const point = (row: EventRow) => (row.latitude === null || row.longitude === null ? t("mail.changes.noMapPin") : `${row.latitude.toFixed(4)}, ${row.longitude.toFixed(4)}`);
  const price = (cents: number) => (cents === 0 ? t("mail.changes.free") : formatCents(cents, currency, language));
  const goalkeepers = (row: EventRow) => (row.includeGoalkeepers ? `${t("mail.changes.spots", { count: row.maxGoalkeepers })}, ${price(row.goalkeeperCostCents)}` : t("mail.changes.noGoalkeepers"));
  const fields: [string, (row: EventRow) => string][] = [
    [t("mail.changes.title"), (row) => row.title],
    [t("mail.changes.when"), when],
    // The same clock time in another zone is another moment: said, as "when" reads the same (decision 038).
    [t("mail.changes.timeZone"), (row) => `${timeZoneName(row.timeZone, row.startsAt, language)} (${row.timeZone})`],
    [t("mail.changes.venue"), (row) => row.locationName],
    [t("mail.changes.mapPin"), point],
    [t("mail.changes.field"), (row) => row.field ?? t("mail.changes.none")],
    [t("mail.changes.notes"), (row) => row.notes ?? t("mail.changes.none")],
    [t("mail.changes.players"), (row) => t("mail.changes.spots", { count: row.maxPlayers })],
    [t("mail.changes.playerPrice"), (row) => price(row.costCents)],
    [t("mail.changes.goalkeepers"), goalkeepers],
    // A lower limit keeps the guests already in parties (docs/guests.md); it applies to new joins.
    [t("mail.changes.guests"), (row) => (row.maxGuestsPerPlayer === 0 ? t("mail.changes.noGuests") : String(row.maxGuestsPerPlayer))],
    // Game on (docs/game-on.md): the minimum and when it is decided.
    [t("mail.changes.gameOn"), (row) => (row.gameOnMinPlayers === null ? t("mail.changes.none") : t("mail.changes.gameOnValue", { min: row.gameOnMinPlayers, hours: row.gameOnDecideHours }))],
  ];
  return fields.flatMap(([label, read]) => {
    const [was, is] = [read(before), read(after)];
    return was === is ? [] : [{ label, before: was, after: is }];
  });
}
