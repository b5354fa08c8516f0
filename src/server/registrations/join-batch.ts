import { wordError } from "#server/i18n/error-language.ts";
import { CONSENT_REQUIRED, holdsSpot, priceFor, type RegistrationRole } from "#shared/registrations.ts";
import { AppError } from "#server/http/errors.ts";
import { nowOf, type RegistrationDeps } from "./deps.ts";
import { IN_LOCK_PER_GAME } from "#server/events/game-queue.ts";
import { enqueueIn, type RegistrationMailJob } from "./jobs.ts";
import { lockTimingOn, recordTiming } from "#server/events/lock-timing.ts";
import { activeRegistrationsOf, capacityOf, heldSpots, type RegistrationRow } from "./queries.ts";
import { type ReserveOutcome, type ReserveRequest, reserveSpot } from "./reserve-spot.ts";
import { type EventRow, withEventLock } from "#server/events/game-lock.ts";
import type { Tx } from "#server/db/client.ts";
import { REGULARS_ONLY, REGULARS_SPOTS_TAKEN, regularsSpots } from "#shared/registration-opening.ts";
import { inRegularsWindow, type RegularPass } from "#server/events/regulars.ts";
import { GUESTS_OFF, GUESTS_PLAYERS_ONLY, guestDisplayName, PARTY_LARGER_THAN_GAME, tooManyGuests } from "#shared/guests.ts";
import { type ErrorText, errorText } from "#shared/i18n/error-key.ts";
import { translate } from "#server/i18n/translate.ts";
import { holdPlacedFrom } from "#shared/game-on.ts";

/** Its English, what the tests compare; thrown by key ("errors.registration.alreadyRegistered"). */
export const ALREADY_REGISTERED = translate("en", "errors.registration.alreadyRegistered");
/** Its English, what the tests compare; thrown by key ("errors.account.beingDeleted"). */
export const ACCOUNT_BEING_DELETED = translate("en", "errors.account.beingDeleted");

/**
 * What a join asks of the game's lock: everything the reserving statement needs but the game's row,
 * and, during a series game's regulars' window, the pass of a regular (events/regulars.ts).
 * `priceCents` is the price the join was prepared with (read before the lock, card checked, consent
 * given for it): the lock checks it against the game's row and prices the join from that row
 * (checkPrice; docs/registrations-and-payments.md, "What a join runs").
 */
export type JoinReservation = Omit<ReserveRequest, "eventId" | "capacity" | "now"> & { regular?: RegularPass };

/** What the lock gave a join: the registration it inserted, or the spot held for its payment, to resume. */
export interface Reserved {
  reg: RegistrationRow;
  resumed: boolean;
}

/**
 * At most this many joins of one game share one turn of its lock. Enough to drain a burst in a few
 * dozen turns; few enough that a turn holds the lock for tens of milliseconds, not seconds, for the
 * cancels and charges waiting behind it.
 */
export const MAX_JOINS_PER_TURN = 50;

/**
 * Joins of one game waiting in this process for a turn of its lock, and how many turns are running.
 * Two at once, like events/game-queue.ts: one works under the lock while the next already waits for it in
 * the database, and takes the joins that arrived meanwhile when it gets it.
 */
interface Line {
  waiting: Waiting[];
  turns: number;
}

interface Waiting {
  join: JoinReservation;
  resolve: (reserved: Reserved) => void;
  reject: (error: unknown) => void;
}

/** As many as events/game-queue.ts lets at the database: more would only wait there, and find no joins left. */
const TURNS_PER_GAME = IN_LOCK_PER_GAME;

const lines = new Map<string, Line>();

/**
 * Reserves a join under the game's lock, together with the other joins of that game waiting in this
 * process: one transaction, one lock, the joins' reserving statements in the order they arrived, their
 * mail jobs in one insert, one version bump and NOTIFY (docs/registrations-and-payments.md, "Joins under
 * a burst"). A join alone goes at once, in a turn of its own. Each join gets its own answer: a refusal
 * is its own, and a failure of the turn before COMMIT is retried join by join, so a fault in one never
 * fails its neighbours.
 */
export function reserveJoin(deps: RegistrationDeps, eventId: string, join: JoinReservation): Promise<Reserved> {
  return new Promise<Reserved>((resolve, reject) => {
    let line = lines.get(eventId);
    if (!line) lines.set(eventId, (line = { waiting: [], turns: 0 }));
    line.waiting.push({ join, resolve, reject });
    if (line.turns < TURNS_PER_GAME) {
      line.turns += 1;
      void takeTurns(deps, eventId, line);
    }
  });
}

/** Whether this game has joins waiting or a turn running in this process (tests check that it empties). */
export function hasJoinsWaiting(eventId: string): boolean {
  return lines.has(eventId);
}

/** How many joins of this game wait in this process for a turn of its lock (tests wait for a burst to line up). */
export function joinsWaiting(eventId: string): number {
  return lines.get(eventId)?.waiting.length ?? 0;
}

async function takeTurns(deps: RegistrationDeps, eventId: string, line: Line): Promise<void> {
  while (line.waiting.length > 0) await takeTurn(deps, eventId, () => line.waiting.splice(0, MAX_JOINS_PER_TURN));
  line.turns -= 1;
  if (line.turns === 0 && line.waiting.length === 0) lines.delete(eventId);
}

/**
 * One turn of the game's lock for the joins `take` hands over once the lock is granted: those waiting
 * then, in the order they arrived. Taking them only under the lock keeps that order across the two
 * turns, and lets a turn gather everyone who arrived while it waited for the lock.
 */
async function takeTurn(deps: RegistrationDeps, eventId: string, take: () => Waiting[]): Promise<void> {
  let batch: Waiting[] | undefined;
  let committing = false;
  try {
    const answers = await withEventLock(
      deps.database,
      eventId,
      async (tx, event) => {
        batch = take();
        const result = await reserveUnderLock(deps, tx, event, batch.map((waiting) => waiting.join));
        committing = true;
        return result;
      },
      // The first reserving statement that inserted bumped the version and NOTIFYed (reserve-spot.ts).
      { announce: () => false },
    );
    if (lockTimingOn && batch!.length > 0) recordTiming({ kind: "turn", eventId, joins: batch!.length });
    if (answers.some((answer) => "reserved" in answer && !answer.reserved.resumed)) deps.listCache?.invalidate();
    answers.forEach((answer, index) => ("reserved" in answer ? batch![index]!.resolve(answer.reserved) : batch![index]!.reject(answer.refused)));
  } catch (error) {
    // No lock (the database unreachable, the game gone): the joins whose turn it was are told, as a
    // join alone would be. A failure at COMMIT leaves the outcome unknown: each join is told too (a
    // retry finds the spot it may hold). Before COMMIT nothing was written: each join is tried alone,
    // so that one join's fault cannot fail the others.
    const failed = batch ?? take();
    if (!batch || committing || failed.length === 1) for (const waiting of failed) waiting.reject(error);
    else for (const waiting of failed) await takeTurn(deps, eventId, () => [waiting]);
  }
}

type Answer = { reserved: Reserved } | { refused: AppError };

/**
 * Under the game's lock: each join's reserving statement in turn, each reading what the ones before
 * it wrote. A refusal writes nothing and leaves the transaction usable, so it is answered and the
 * next join goes on; anything else (a database error) ends the turn.
 */
async function reserveUnderLock(deps: RegistrationDeps, tx: Tx, event: EventRow, joins: JoinReservation[]): Promise<Answer[]> {
  const answers: Answer[] = [];
  const mails: RegistrationMailJob[] = [];
  let announced = false;
  for (const join of joins) {
    try {
      const now = nowOf(deps);
      checkOpen(event, join.role, now, join.regular);
      checkParty(event, join.role, join.guests.length);
      // Priced from the row just locked, never from what was read before the lock.
      const priceCents = checkPrice(event, join, deps.config.payments.currency);
      if (inRegularsWindow(event, now)) await checkRegularsShare(tx, event, join);
      const { regular: _pass, ...reservation } = join;
      const request: ReserveRequest = { ...reservation, priceCents, eventId: event.id, capacity: capacityOf(event, join.role), now: new Date(), hold: holdOf(event, now) };
      const { outcome, reg } = await reserveSpot(tx, request, { announce: !announced });
      if (reg) {
        announced = true;
        // A paid spot is mailed once its charge succeeds (apply-charge.ts); these are told now, and a
        // paid waitlister gets the written record of the consent just given.
        // A paid spot confirmed at once is a game-on spot whose hold is scheduled (docs/game-on.md).
        if (reg.status === "confirmed") mails.push(reg.amountCents > 0 ? { kind: "hold_placed", registrationId: reg.id } : { kind: "joined", registrationId: reg.id });
        if (reg.status === "waitlisted") {
          // The consent as given: the amount, the guests and the card of this moment (docs/mails.md).
          mails.push({ kind: "waitlisted", registrationId: reg.id, amountCents: reg.amountCents, guests: join.guests.map(guestDisplayName), cardLabel: reg.cardLabel });
        }
        answers.push({ reserved: { reg, resumed: false } });
      } else {
        answers.push({ reserved: { reg: await refusalOrResume(tx, outcome, event.id, join.userId, join.role), resumed: true } });
      }
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      answers.push({ refused: error });
    }
  }
  await enqueueIn(tx, deps).mails(mails);
  return answers;
}

/**
 * When the reserving statement inserted nothing (reserve-spot.ts): the refusal to give, or the spot
 * held for this role's payment, to resume. The user's row is still held shared (reserve-spot.ts), so
 * an account deletion cannot begin meanwhile.
 */
async function refusalOrResume(tx: Tx, outcome: ReserveOutcome, eventId: string, userId: string, role: RegistrationRole): Promise<RegistrationRow> {
  if (outcome === "account_being_deleted") throw new AppError("forbidden", errorText("errors.account.beingDeleted"));
  if (outcome === "consent_required") throw new AppError("rule", CONSENT_REQUIRED, { consentToAutoCharge: CONSENT_REQUIRED });
  if (outcome === "on_waitlist") throw new AppError("conflict", errorText("errors.registration.alreadyOnWaitlist", { list: role === "player" ? "Player" : "Goalkeeper" }));
  if (outcome !== "holds_spot") throw new Error(`the join of ${userId} to ${eventId} inserted nothing: ${outcome}`);
  // A spot held for this role's payment (a lost answer, a double click) is resumed with its own key.
  const spot = (await activeRegistrationsOf(tx, eventId, userId)).find((reg) => holdsSpot(reg.status));
  if (spot?.status === "pending_payment" && spot.role === role) return spot;
  throw new AppError("conflict", errorText("errors.registration.alreadyRegistered"));
}

/** Its English, what the tests compare; thrown by key ("errors.registration.notOpenYet"). */
export const REGISTRATION_NOT_OPEN = translate("en", "errors.registration.notOpenYet");

/**
 * The game can be joined in this role now; checked before the lock and again under it. A series'
 * game is shown from its generation but opens a set time before kick-off, and with regulars first its
 * regulars (those with a `regular` pass) may join from the window's start (docs/series.md).
 */
export function checkOpen(event: EventRow, role: RegistrationRole, now: Date, regular?: RegularPass): void {
  if (event.status === "cancelled") throw new AppError("rule", errorText("errors.registration.gameCancelled"));
  if (event.startsAt.getTime() <= now.getTime()) throw new AppError("rule", errorText("errors.registration.gameStarted"));
  if (event.registrationOpensAt && event.registrationOpensAt.getTime() > now.getTime()) {
    if (!inRegularsWindow(event, now)) throw new AppError("rule", errorText("errors.registration.notOpenYet"));
    if (!regular) throw new AppError("rule", REGULARS_ONLY);
  }
  if (role === "goalkeeper" && !event.includeGoalkeepers) throw new AppError("rule", errorText("errors.registration.noGoalkeeperSpots"));
  // The decision's captures are running (seconds): a join waits for its outcome (docs/game-on.md).
  if (event.gameOnState === "deciding") throw new AppError("conflict", errorText("errors.gameOn.deciding"));
}

/**
 * A game-on game before its decision holds paid spots on the card instead of charging them
 * (docs/game-on.md): now, or from the instant a hold can last until the decision. After the decision
 * (`on`) a join is an ordinary charge.
 */
function holdOf(event: EventRow, now: Date): ReserveRequest["hold"] {
  return event.gameOnState === "open" ? { placeAfter: holdPlacedFrom(event, now) } : undefined;
}

/**
 * Under the lock, in the regulars' window: at most their share of the role's spots may be held
 * (rounded down, so newcomers always keep the rest). Past it a regular is refused, not waitlisted:
 * a waitlist would let the spots still free go to whoever joins at the opening, ahead of them.
 */
async function checkRegularsShare(tx: Tx, event: EventRow, join: JoinReservation): Promise<void> {
  const share = regularsSpots(capacityOf(event, join.role), join.regular!.maxPercent);
  if ((await heldSpots(tx, event.id, join.role)) + 1 + join.guests.length > share) throw new AppError("rule", REGULARS_SPOTS_TAKEN);
}

/**
 * The price of one spot in the join's role on `event`, checked against the price the join was
 * prepared with (`join.priceCents`), and returned: the price the join is then made at. Under the
 * lock `event` is the row just locked and the prepared price the one read before the lock; before
 * the lock (join.ts) `event` is the row read there and the prepared price the one the person was
 * shown (`expectedPriceCents`). A price changed meanwhile refuses the join, writing nothing, with the
 * new price named (409): nobody is charged, or consents to, a price they were not shown, and a game
 * that became paid never gives a free spot to a join that brought no card. A game that became free
 * is taken free (no charge, no consent), which never asks more than was shown
 * (docs/registrations-and-payments.md, "Join"). The page then shows the new price.
 */
export function checkPrice(event: EventRow, join: Pick<JoinReservation, "role" | "priceCents">, currency: string): number {
  const price = priceFor(event, join.role);
  if (price !== join.priceCents && price > 0) throw new AppError("conflict", priceChanged(price, currency));
  return price;
}

/** What a join refused for a changed price is told: the new price of one spot, formatted in the request's language. */
export function priceChanged(priceCents: number, currency: string): ErrorText {
  return errorText("errors.registration.priceChanged", { price: { cents: priceCents, currency } });
}

/** Its English (what the logs and the tests read). */
export function priceChangedMessage(priceCents: number, currency: string): string {
  return wordError(priceChanged(priceCents, currency), "en");
}

/**
 * +1 guests (docs/guests.md): players only, at most the game's limit (read from the row just locked,
 * so an edit lowering it counts), and never a party the role could not hold even when empty.
 */
export function checkParty(event: EventRow, role: RegistrationRole, guests: number): void {
  if (guests === 0) return;
  if (event.maxGuestsPerPlayer === 0) throw new AppError("rule", GUESTS_OFF, { guests: GUESTS_OFF });
  if (role !== "player") throw new AppError("rule", GUESTS_PLAYERS_ONLY, { guests: GUESTS_PLAYERS_ONLY });
  if (guests > event.maxGuestsPerPlayer) throw new AppError("rule", tooManyGuests(event.maxGuestsPerPlayer), { guests: tooManyGuests(event.maxGuestsPerPlayer) });
  if (1 + guests > capacityOf(event, role)) throw new AppError("rule", PARTY_LARGER_THAN_GAME, { guests: PARTY_LARGER_THAN_GAME });
}
