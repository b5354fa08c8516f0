import { isCheckInOpen } from "#shared/check-in.ts";
import { isFull } from "#shared/event-availability.ts";
import type { EventDetail } from "#shared/events.ts";
import { isRegistrationOpen, isRegularsWindow } from "#shared/registration-opening.ts";
import { t } from "#web/i18n/i18n.ts";
import { heldSpots } from "./guests.ts";
import { holdsSpot, isCancellable, priceFor, type MyRegistration, type RegistrationRole } from "#shared/registrations.ts";

export type ActionEvent = Pick<EventDetail, "status" | "startsAt" | "endsAt" | "includeGoalkeepers"> &
  Partial<Pick<EventDetail, "registrationOpensAt" | "regularsOpenAt" | "regularsWindow" | "playersCount" | "goalkeepersCount" | "gameOn">>;

/** What the event page offers the viewer; each flag is one button or text. */
export interface EventActions {
  joinPlayer: boolean;
  joinGoalkeeper: boolean;
  /** Cancel Registration: the viewer holds a spot (leaving it also leaves any waitlist). */
  cancelRegistration: boolean;
  /** Leave waitlist: the viewer only waits, on one or both waitlists (the same server action as a cancel). */
  leaveWaitlist: boolean;
  /**
   * Instead of Cancel Registration, from 24 hours before the start until the end, CANCEL_WINDOW_TEXT
   * (docs/product-rules.md, "Registration rules").
   */
  cancelWindowText: boolean;
  /** Admins: 'Cancel Event & Refund', hidden once cancelled; in the page's Organiser section, away from the everyday buttons. */
  cancelEvent: boolean;
  /** Admins: the Check-in link, while its window is open (docs/product-rules.md, "Check-in"). */
  checkIn: boolean;
  /**
   * The viewer's paid join is held while its payment waits (a bank check left open, an answer
   * lost): 'Complete payment' for that role asks the server to resume it.
   */
  completePayment: RegistrationRole | null;
  /**
   * In the regulars' window (docs/series.md, "Regulars first"), the viewer is one of them but every
   * spot they may hold early is taken: REGULARS_SPOTS_TAKEN says so, instead of a join button.
   */
  regularsSpotsTaken: boolean;
  /**
   * In the regulars' window, the regulars' player spots are all held but a goalkeeper spot is still
   * theirs to take: the page says why only the goalkeeper's join is offered.
   */
  regularsPlayerSpotsTaken: boolean;
}

/** A payment is running for a held spot (pending_payment or promoting): the server refuses a cancel meanwhile (409). */
export function isPaymentRunning(mine: readonly MyRegistration[]): boolean {
  return mine.some((registration) => registration.status === "pending_payment" || registration.status === "promoting");
}

/**
 * Which actions the event page shows, from the event, the viewer's own registrations (`mine`), the
 * clock and the viewer's role. The server checks all of it again; this only keeps the page from
 * offering what it would refuse. In a series' regulars' window only a regular (`regularsWindow`, as
 * the server says it) is offered a join, for a role whose early share is not all held yet.
 */
export function eventActions({ event, mine, now, isAdmin }: { event: ActionEvent; mine: readonly MyRegistration[]; now: Date; isAdmin: boolean }): EventActions {
  const cancelled = event.status === "cancelled";
  // A game that has started (completed ones included) takes no one new; a series' game none before it opens.
  const ahead = !cancelled && now.getTime() < new Date(event.startsAt).getTime();
  const opening = { registrationOpensAt: event.registrationOpensAt ?? null, regularsOpenAt: event.regularsOpenAt ?? null };
  const openToAll = ahead && isRegistrationOpen(opening, now);
  // Before the opening, the regulars' window: the server says whether the viewer is one, and how many spots they may hold.
  const early = ahead && isRegularsWindow(opening, now) && event.regularsWindow?.viewerIsRegular === true ? event.regularsWindow : null;
  const regularsRoom = (role: RegistrationRole) =>
    early !== null && (role === "player" ? (event.playersCount ?? 0) < early.maxPlayers : (event.goalkeepersCount ?? 0) < early.maxGoalkeepers);
  const mayJoin = (role: RegistrationRole) => openToAll || regularsRoom(role);
  const open = openToAll || early !== null;
  const over = now.getTime() >= new Date(event.endsAt).getTime();
  const holds = mine.some((registration) => holdsSpot(registration.status));
  const waits = (role: RegistrationRole) => mine.some((registration) => registration.role === role && registration.status === "waitlisted");
  const involved = holds || waits("player") || waits("goalkeeper");
  // Before a game-on game's decision a spot may be given up whenever (its hold let go, nothing kept: docs/game-on.md).
  const cancellable = event.gameOn?.state === "open" || isCancellable(event.startsAt, now);
  const mayCancel = !cancelled && involved && cancellable && !isPaymentRunning(mine);

  return {
    joinPlayer: mayJoin("player") && !holds && !waits("player"),
    joinGoalkeeper: mayJoin("goalkeeper") && event.includeGoalkeepers && !holds && !waits("goalkeeper"),
    cancelRegistration: mayCancel && holds,
    leaveWaitlist: mayCancel && !holds,
    cancelWindowText: !cancelled && !over && involved && !cancellable,
    cancelEvent: isAdmin && !cancelled,
    checkIn: isAdmin && isCheckInOpen(event, now),
    completePayment: open ? (mine.find((registration) => registration.status === "pending_payment")?.role ?? null) : null,
    regularsSpotsTaken: early !== null && !involved && !regularsRoom("player") && (!event.includeGoalkeepers || !regularsRoom("goalkeeper")),
    regularsPlayerSpotsTaken: early !== null && !involved && !regularsRoom("player") && event.includeGoalkeepers && regularsRoom("goalkeeper"),
  };
}

export type JoinKind = "free" | "pay" | "waitlist";

export type JoinEvent = Pick<EventDetail, "costCents" | "goalkeeperCostCents" | "players" | "goalkeepers" | "maxPlayers" | "maxGoalkeepers">;

/**
 * Every spot of the role is held (held spots include those whose payment is still running, as the
 * server counts them), or too few are left for the party joining: the viewer and their guests hold
 * 1 + guests spots or wait together (src/shared/guests.ts). Each party in the list holds one spot per
 * head. The viewer's own party does not count: it is the one being paid for while the payment
 * dialog is open.
 */
export function isRoleFull(event: Omit<JoinEvent, "costCents" | "goalkeeperCostCents">, role: RegistrationRole, viewerId?: string, party = 1): boolean {
  const list = role === "player" ? event.players : event.goalkeepers;
  return isFull(heldSpots(list, viewerId) + party - 1, role === "player" ? event.maxPlayers : event.maxGoalkeepers);
}

/**
 * How a join goes: straight to the server when the spot is free (to a spot, or to the waitlist of a
 * full game, as its button says); through the payment dialog to pay now when a spot is open; through
 * it to give card and consent when every spot is held (or too few for the party are left).
 */
export function joinKind(event: JoinEvent, role: RegistrationRole, viewerId?: string, party = 1): JoinKind {
  if (priceFor(event, role) === 0) return "free";
  return isRoleFull(event, role, viewerId, party) ? "waitlist" : "pay";
}

export type FullnessEvent = Omit<JoinEvent, "costCents" | "goalkeeperCostCents"> & Pick<EventDetail, "playerWaitList" | "goalkeeperWaitList">;

/**
 * A join button's words: 'Join as Player' while a spot is open; once every spot of the role is
 * held, the waitlist it leads to and how many wait there already (docs/product-rules.md, "Full games").
 * With guests, the party: "Join with 2 guests", or its waitlist when too few spots are left for it.
 */
export function joinLabel(event: FullnessEvent, role: RegistrationRole, viewerId?: string, guests = 0): string {
  const player = role === "player";
  const count = (player ? event.playerWaitList : event.goalkeeperWaitList).length;
  if (player && guests > 0) {
    return isRoleFull(event, role, viewerId, 1 + guests) ? t("event.guests.joinWaitlistWith", { guests, count }) : t("event.guests.joinWith", { guests });
  }
  if (!isRoleFull(event, role, viewerId)) return t(player ? "event.actions.joinPlayer" : "event.actions.joinGoalkeeper");
  return t(player ? "event.actions.joinPlayerWaitlist" : "event.actions.joinGoalkeeperWaitlist", { count });
}

/**
 * The line above the join buttons when the roles they offer are full, so that "Full" is said before
 * the tap, not in a toast after it; null while every offered role has a spot open. A player bringing
 * guests is told when spots are left, but too few for the party, which then waits as one.
 */
export function fullText(event: FullnessEvent, offered: { player: boolean; goalkeeper: boolean }, viewerId?: string, guests = 0): string | null {
  const player = offered.player && isRoleFull(event, "player", viewerId);
  const goalkeeper = offered.goalkeeper && isRoleFull(event, "goalkeeper", viewerId);
  if (player && goalkeeper) return t("event.actions.fullBoth");
  if (player) return t("event.actions.fullPlayers");
  if (offered.player && guests > 0 && isRoleFull(event, "player", viewerId, 1 + guests)) {
    return t("event.guests.tooFewSpots", { left: Math.max(0, event.maxPlayers - heldSpots(event.players, viewerId)), size: 1 + guests });
  }
  if (goalkeeper) return t("event.actions.fullGoalkeepers");
  return null;
}

/** A game where someone pays: only then does the page explain when waitlisted players are charged. */
export function hasPaidSpots(event: Pick<EventDetail, "costCents" | "includeGoalkeepers" | "goalkeeperCostCents">): boolean {
  return event.costCents > 0 || (event.includeGoalkeepers && event.goalkeeperCostCents > 0);
}

export const FAST_REFRESH_MS = 2_000;
export const SLOW_REFRESH_MS = 15_000;

/**
 * How often the event page asks again: every 2 s while one of the viewer's payments runs (the
 * answer comes in seconds), every 15 s while the game is still ahead (so a promotion from the
 * waitlist shows up), not at all once it is cancelled or over.
 */
export function eventRefreshInterval(event: Pick<EventDetail, "status" | "endsAt" | "mine"> | undefined, now: number = Date.now()): number | false {
  if (!event) return false;
  if (isPaymentRunning(event.mine)) return FAST_REFRESH_MS;
  if (event.status === "cancelled" || Date.parse(event.endsAt) <= now) return false;
  return SLOW_REFRESH_MS;
}
