import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DisputeView, EventDetail, Participant, RefundIssue, RefundView } from "#shared/events.ts";
import type { FailedAutoCharge } from "#shared/my-registrations.ts";
import { HELD_STATUSES, type MyRegistration, type RegistrationStatus } from "#shared/registrations.ts";
import type { Db } from "#server/db/client.ts";
import { cardHold, event, openingReminder, payment, paymentDispute, registration, spotWatch, user } from "#server/db/schema.ts";
import type { HoldView } from "#shared/game-on.ts";
import type { GuestView } from "#shared/guests.ts";
import { guestsByRegistration } from "./guests-by-registration.ts";
import { NO_FEE, summarizeLedger } from "#shared/ledger.ts";
import { ledgerByRegistration } from "#server/money/read-money.ts";
import { AppError } from "#server/http/errors.ts";
import { regularsSpots } from "#shared/registration-opening.ts";
import { regularStandingOf, regularsOf, regularsRuleOf } from "./regulars.ts";
import { isEventId, summaryColumns, toEventSummary } from "./event-summary.ts";
import type { ListCache } from "./list-cache.ts";
import { errorText } from "#shared/i18n/error-key.ts";

export const EVENT_NOT_FOUND = errorText("errors.event.notFound");

/** Statuses the page shows: held spots, waitlists, and refunds (refundedUsers, as the original product named the list). */
const SHOWN: RegistrationStatus[] = [...HELD_STATUSES, "waitlisted", "refunded"];

/** The part of an event page that is the same for every viewer, with what each viewer's own part needs. */
export interface SharedEventDetail {
  detail: Omit<EventDetail, "mine">;
  /** The shown registrations, for each viewer's `mine`. */
  registrations: {
    id: string;
    userId: string;
    role: "player" | "goalkeeper";
    status: RegistrationStatus;
    amountCents: number;
    refundedCents: MyRegistration["refundedCents"];
    paidCents: number;
    backCents: number;
    guests?: GuestView[];
    /** Game on: the party's card hold (docs/game-on.md). */
    hold?: HoldView;
  }[];
  /** Waitlist places lost to a failed automatic charge and not followed by a newer join, for each viewer's own notice. */
  failedAutoCharges: (FailedAutoCharge & { userId: string })[];
  /**
   * A series game with regulars first, not open yet: who its regulars are and the most spots of each
   * role they may hold in the window, for each viewer's `regularsWindow`. The ids never leave the server.
   */
  regulars?: { userIds: string[]; maxPlayers: number; maxGoalkeepers: number; minGames: number; ofLast: number };
  /**
   * A full game ahead: who asked "Tell me if a spot opens" (docs/notifications.md, "A freed spot"), for
   * each viewer's `spotWatch`. Read with the shared part, so a viewer's page costs no query of its own
   * (the asks invalidate the cache). The ids never leave the server.
   */
  spotWatchers?: string[];
}

/**
 * One event with the lists derived from its registration rows (docs/registrations-and-payments.md):
 * players and goalkeepers hold spots (confirmed, or being paid for: `pending`), waitlists are in
 * arrival order, refundedUsers are ids. Only names of other users are exposed, never their emails.
 * The viewer's own registrations come as `mine`, with `failedAutoCharge` when their waitlist place was
 * lost to a failed automatic charge; admins also get the refunds that failed.
 *
 * With a cache, the shared part is read through it (key `event:<id>`; docs/decisions/010): the
 * registration services invalidate it on every change of a game's lists, and it lives for at most
 * LIST_CACHE_TTL_MS. The viewer's `mine`, `failedAutoCharge` and the admin parts are added per
 * request, never shared.
 */
export async function getEventDetail(options: { db: Db; id: string; viewer?: EventViewer; cache?: ListCache }): Promise<EventDetail> {
  const { db, id, viewer, cache } = options;
  const shared = await readSharedEventDetail(db, id, cache);
  if (!shared) throw new AppError("not_found", EVENT_NOT_FOUND);
  const detail = viewerEventDetail(shared, viewer);
  if (viewer) await addViewerParts(db, shared, detail, viewer);
  if (viewer?.isAdmin) await addAdminParts(db, id, detail);
  return detail;
}

/**
 * The viewer's own part that the shared one cannot hold (docs/decisions/036-one-availability-rule.md):
 * before a series game opens, why they are not one of its regulars (one statement for them alone;
 * a regular needs none), and whether they asked to be told when it opens. Read per request.
 */
async function addViewerParts(db: Db, shared: SharedEventDetail, detail: EventDetail, viewer: EventViewer): Promise<void> {
  const opensAt = detail.registrationOpensAt;
  if (opensAt === null || detail.status === "cancelled" || Date.parse(opensAt) <= Date.now()) return;
  const game = {
    id: detail.id,
    seriesId: detail.seriesId,
    startsAt: new Date(detail.startsAt),
    registrationOpensAt: new Date(opensAt),
    regularsOpenAt: detail.regularsOpenAt === null ? null : new Date(detail.regularsOpenAt),
  };
  if (shared.regulars && detail.regularsWindow) {
    detail.regularsWindow.viewerStanding = detail.regularsWindow.viewerIsRegular
      ? { status: "regular" }
      : await regularStandingOf(db, game, shared.regulars, new Date(), viewer.id);
  }
  detail.openingReminder = await hasOpeningReminder(db, detail.id, viewer.id);
}

export interface EventViewer {
  id: string;
  isAdmin: boolean;
}

/**
 * The shared part, through the cache when given (key `event:<id>`); null for an unknown or malformed
 * id. The live streams (live/event-streams.ts) read it here too, so the page and its stream show
 * the same thing.
 */
export async function readSharedEventDetail(db: Db, id: string, cache?: ListCache): Promise<SharedEventDetail | null> {
  if (!isEventId(id)) return null;
  return cache
    ? (JSON.parse(await cache.get(`event:${id}`, () => loadSharedEventDetail(db, id))) as SharedEventDetail | null)
    : await loadSharedEventDetail(db, id);
}

/** The page as this viewer sees it, without the admin parts (queried apart): pure, from the shared part. */
export function viewerEventDetail(shared: SharedEventDetail, viewer: EventViewer | undefined): EventDetail {
  const mine: MyRegistration[] = [];
  if (viewer) {
    for (const r of shared.registrations) {
      if (r.userId !== viewer.id) continue;
      const waitList = r.role === "player" ? shared.detail.playerWaitList : shared.detail.goalkeeperWaitList;
      const place = r.status === "waitlisted" ? waitList.findIndex((p) => p.userId === viewer.id) + 1 : 0;
      mine.push({
        id: r.id,
        role: r.role,
        status: r.status,
        amountCents: r.amountCents,
        waitlistPosition: place || null,
        refundedCents: r.refundedCents,
        paidCents: r.paidCents,
        backCents: r.backCents,
        ...(r.guests && { guests: r.guests }),
        ...(r.hold && { hold: r.hold }),
      });
    }
  }
  const detail: EventDetail = { ...shared.detail, mine };
  // Sent before the window too: a page left open across its start offers the join by the clock.
  if (shared.regulars) {
    const { userIds, maxPlayers, maxGoalkeepers } = shared.regulars;
    detail.regularsWindow = { maxPlayers, maxGoalkeepers, viewerIsRegular: viewer !== undefined && userIds.includes(viewer.id) };
  }
  // "Tell me if a spot opens": only to a viewer on none of the full game's lists.
  if (viewer && shared.spotWatchers && mine.length === 0) detail.spotWatch = shared.spotWatchers.includes(viewer.id);
  // Nothing to say to someone holding a spot now (in either role), or about a game called off.
  if (viewer && shared.detail.status !== "cancelled" && !mine.some((r) => (HELD_STATUSES as readonly RegistrationStatus[]).includes(r.status))) {
    const lost = shared.failedAutoCharges.filter((failure) => failure.userId === viewer.id).at(-1);
    if (lost) detail.failedAutoCharge = { role: lost.role, amountCents: lost.amountCents, reason: lost.reason };
  }
  return detail;
}

/** Every role's spots held: what "Tell me if a spot opens" is offered on (registrations/spot-watch.ts). */
function isWholeGameFull(detail: Omit<EventDetail, "mine">): boolean {
  return detail.playersCount >= detail.maxPlayers && (!detail.includeGoalkeepers || detail.goalkeepersCount >= detail.maxGoalkeepers);
}

/** Who asked to be told of a freed spot, read only where it can be offered: a full game ahead. */
async function spotWatchersOf(db: Db, detail: Omit<EventDetail, "mine">): Promise<string[] | undefined> {
  if (detail.status === "cancelled" || Date.parse(detail.startsAt) <= Date.now() || !isWholeGameFull(detail)) return undefined;
  const rows = await db.select({ userId: spotWatch.userId }).from(spotWatch).where(eq(spotWatch.eventId, detail.id));
  return rows.map((row) => row.userId);
}

/** Whether the viewer asked (their own part of the event page). */
export async function hasOpeningReminder(db: Db, eventId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: openingReminder.userId })
    .from(openingReminder)
    .where(and(eq(openingReminder.eventId, eventId), eq(openingReminder.userId, userId)));
  return row !== undefined;
}

/** What only admins see, queried per request (never cached). */
export async function addAdminParts(db: Db, id: string, detail: EventDetail): Promise<void> {
  detail.refundIssues = await refundIssues(db, id);
  detail.disputes = await disputes(db, id);
  detail.refunds = await refunds(db, id);
}

async function loadSharedEventDetail(db: Db, id: string): Promise<SharedEventDetail | null> {
  const [row] = await db
    .select({ ...summaryColumns, notes: event.notes, organizerName: event.organizerName, organizerEmail: event.organizerEmail, version: event.version })
    .from(event)
    .where(eq(event.id, id));
  if (!row) return null;

  const registrations = await db
    .select({
      id: registration.id,
      userId: registration.userId,
      role: registration.role,
      status: registration.status,
      amountCents: registration.amountCents,
      refundedCents: registration.refundedCents,
      name: user.name,
      holdStatus: cardHold.status,
      holdCents: cardHold.amountCents,
    })
    .from(registration)
    .innerJoin(user, eq(user.id, registration.userId))
    .leftJoin(cardHold, eq(cardHold.registrationId, registration.id))
    .where(and(eq(registration.eventId, id), inArray(registration.status, SHOWN)))
    .orderBy(asc(registration.position));

  const [parties, ledger] = await Promise.all([guestsByRegistration(db, id, [...HELD_STATUSES, "waitlisted"]), ledgerByRegistration(db, { eventId: id })]);
  // What each party paid and got back, from the money read (docs/money.md): never its price now.
  const moneyOf = (registrationId: string) => {
    const money = summarizeLedger(ledger.get(registrationId) ?? [], NO_FEE);
    return { paidCents: money.chargedCents, backCents: money.backCents };
  };
  const held = (status: RegistrationStatus) => (HELD_STATUSES as readonly RegistrationStatus[]).includes(status);
  const withGuests = (r: (typeof registrations)[number]) => {
    const guests = parties.get(r.id);
    return guests && r.status !== "refunded" ? { guests } : {};
  };
  const participant = (r: (typeof registrations)[number]): Participant =>
    r.status === "confirmed" ? { userId: r.userId!, name: r.name, ...withGuests(r) } : { userId: r.userId!, name: r.name, pending: true, ...withGuests(r) };
  const spots = (role: "player" | "goalkeeper") => registrations.filter((r) => r.role === role && held(r.status)).map(participant);
  const waiting = (role: "player" | "goalkeeper") =>
    registrations.filter((r) => r.role === role && r.status === "waitlisted").map((r) => ({ userId: r.userId!, name: r.name, ...withGuests(r) }));

  const { organizerName, organizerEmail, notes, version, ...summary } = row;
  const failedAutoCharges = await lostWaitlistPlaces(db, id);
  const regulars = await regularsOfPage(db, row);
  const detail: SharedEventDetail["detail"] = {
    ...toEventSummary(summary),
    version,
    notes,
    organizer: organizerEmail ? { name: organizerName ?? "", email: organizerEmail } : null,
    players: spots("player"),
    goalkeepers: spots("goalkeeper"),
    playerWaitList: waiting("player"),
    goalkeeperWaitList: waiting("goalkeeper"),
    refundedUsers: [...new Set(registrations.filter((r) => r.status === "refunded").map((r) => r.userId!))],
  };
  const spotWatchers = await spotWatchersOf(db, detail);
  return {
    detail,
    registrations: registrations.map((r) => {
      const { name: _name, userId, holdStatus, holdCents, ...rest } = r;
      const hold = holdStatus && holdCents !== null ? { hold: { status: holdStatus, amountCents: holdCents } } : {};
      return { ...rest, userId: userId!, ...moneyOf(r.id), ...withGuests(r), ...hold };
    }),
    failedAutoCharges,
    ...(regulars && { regulars }),
    ...(spotWatchers && { spotWatchers }),
  };
}

/** The regulars of a game whose window is still to close (events/regulars.ts); undefined for any other game. */
async function regularsOfPage(
  db: Db,
  game: { id: string; seriesId: string | null; startsAt: Date; registrationOpensAt: Date | null; regularsOpenAt: Date | null; maxPlayers: number; maxGoalkeepers: number },
): Promise<SharedEventDetail["regulars"]> {
  const now = new Date();
  if (!game.registrationOpensAt || game.registrationOpensAt.getTime() <= now.getTime()) return undefined;
  const rule = await regularsRuleOf(db, game);
  if (!rule) return undefined;
  return {
    userIds: await regularsOf(db, game, rule, now),
    maxPlayers: regularsSpots(game.maxPlayers, rule.maxPercent),
    maxGoalkeepers: regularsSpots(game.maxGoalkeepers, rule.maxPercent),
    minGames: rule.minGames,
    ofLast: rule.ofLast,
  };
}

/**
 * Waitlist places closed because the automatic charge failed when a spot opened: payment_failed
 * with a waitlisted_at (a paid join that failed on the spot never waited), with the charge's error
 * when one was tried (docs/registrations-and-payments.md, "Promotion"). A later registration of the
 * same person and role (they joined again) makes it old news. Read with the shared part, in arrival
 * order; each viewer sees only their own.
 */
async function lostWaitlistPlaces(db: Db, eventId: string): Promise<SharedEventDetail["failedAutoCharges"]> {
  const rows = await db
    .select({ userId: registration.userId, role: registration.role, amountCents: registration.amountCents, reason: payment.error })
    .from(registration)
    .leftJoin(payment, and(eq(payment.registrationId, registration.id), eq(payment.kind, "charge")))
    .where(
      and(
        eq(registration.eventId, eventId),
        eq(registration.status, "payment_failed"),
        sql`${registration.waitlistedAt} is not null and ${registration.userId} is not null`,
        sql`not exists (select 1 from "registration" later where later.event_id = ${registration.eventId} and later.user_id = ${registration.userId}
                          and later.role = ${registration.role} and later.position > ${registration.position})`,
      ),
    )
    .orderBy(asc(registration.position));
  return rows.map((row) => ({ userId: row.userId!, role: row.role, amountCents: row.amountCents, reason: row.reason }));
}

/**
 * Refunds of this game that failed after every try: an admin must look at them
 * (docs/registrations-and-payments.md, "Refunds").
 */
async function refundIssues(db: Db, eventId: string): Promise<RefundIssue[]> {
  const rows = await db
    .select({ paymentId: payment.id, name: user.name, amountCents: payment.amountCents, error: payment.error })
    .from(payment)
    .leftJoin(user, eq(user.id, payment.userId))
    .where(and(eq(payment.eventId, eventId), eq(payment.kind, "refund"), eq(payment.status, "failed")))
    .orderBy(asc(payment.createdAt));
  return rows.map((r) => ({ paymentId: r.paymentId, name: r.name ?? "Deleted account", amountCents: r.amountCents, error: r.error }));
}

/** Every refund of this game, oldest first: who got what back, and where it stands. */
async function refunds(db: Db, eventId: string): Promise<RefundView[]> {
  const rows = await db
    .select({ name: user.name, amountCents: payment.amountCents, status: payment.status })
    .from(payment)
    .leftJoin(user, eq(user.id, payment.userId))
    .where(and(eq(payment.eventId, eventId), eq(payment.kind, "refund")))
    .orderBy(asc(payment.createdAt));
  return rows.map((r) => ({ ...r, name: r.name ?? "Deleted account" }));
}

/** Payments of this game disputed with the card holder's bank (Stripe's charge.dispute.created). */
async function disputes(db: Db, eventId: string): Promise<DisputeView[]> {
  const rows = await db
    .select({ id: paymentDispute.id, name: user.name, amountCents: paymentDispute.amountCents, reason: paymentDispute.reason, status: paymentDispute.status })
    .from(paymentDispute)
    .leftJoin(registration, eq(registration.id, paymentDispute.registrationId))
    .leftJoin(user, eq(user.id, registration.userId))
    .where(eq(paymentDispute.eventId, eventId))
    .orderBy(asc(paymentDispute.createdAt));
  return rows.map((r) => ({ ...r, name: r.name ?? "Deleted account" }));
}
