import { and, eq, inArray, lte, or, sql } from "drizzle-orm";
import { decisionAt, minimumMet, splitShareCents } from "#shared/game-on.ts";
import { cardHold, event as eventTable, registration } from "#server/db/schema.ts";
import { withEventLock } from "#server/events/game-lock.ts";
import { captureHold } from "#server/money/capture-hold.ts";
import { holdInputOf } from "#server/money/hold-ledger.ts";
import { GatewayUnavailableError, type HoldOutcome } from "#server/money/processors/gateway.ts";
import type { Tx } from "#server/db/client.ts";
import { applyHoldOutcome, startCapture } from "./apply-hold.ts";
import { cancelLockedEvent } from "./cancel-event.ts";
import { nowOf, type RegistrationDeps } from "./deps.ts";
import { enqueueIn } from "./jobs.ts";
import { promoteNext } from "./promote-next.ts";
import { closeRegistration } from "./queries.ts";

/** What a call of decideGame found or did (the job logs it; tests read it). */
export type Decision = "not_due" | "not_game_on" | "called_off" | "deciding" | "on";

/**
 * The decision of a game-on game (docs/game-on.md, "The decision"), safe to run again at any point
 * (the job, its retries, the sweep every minute, two workers at once), as each step is applied once:
 * 1. under the game's lock, once: the spots held are counted; too few → the game is called off like
 *    an admin cancel (every hold let go, nothing charged, everyone told "Called off: 7 of 10"); enough
 *    → `deciding`, and every hold placed is marked `capturing` for its party's price now;
 * 2. outside the lock: each capture is made (money/capture-hold.ts, key capture:{registrationId}: a
 *    kill -9 in the middle leaves the rest `capturing`, made by the next run, never twice), and a hold
 *    still scheduled (its placing job was late) is placed off-session and captured;
 * 3. under the lock, once every hold of the game has an outcome: a spot whose capture failed is
 *    released and its player told; the game is `on` and each player captured gets "Game on" with the
 *    count captured.
 */
export async function decideGame(deps: RegistrationDeps, eventId: string): Promise<Decision> {
  const first = await withEventLock(
    deps.database,
    eventId,
    async (tx, game) => {
      if (game.gameOnState === null) return { decision: "not_game_on" as const };
      if (game.gameOnState !== "open") return { decision: game.gameOnState === "called_off" ? ("called_off" as const) : ("deciding" as const) };
      if (decisionAt(game).getTime() > nowOf(deps).getTime()) return { decision: "not_due" as const };
      const held = { players: await confirmedSpots(tx, game.id, "player"), goalkeepers: await confirmedSpots(tx, game.id, "goalkeeper") };
      if (!minimumMet(game, held)) {
        await cancelLockedEvent(tx, deps, game, { notEnough: { players: held.players, minPlayers: game.gameOnMinPlayers! } });
        return { decision: "called_off" as const, changed: true };
      }
      // Split the pitch: each player spot pays the share of the players held now, never more than held;
      // joins after the decision pay it too (it becomes the game's price).
      const share = game.pitchCostCents === null ? null : splitShareCents(game.pitchCostCents, held.players, game.costCents);
      await tx.db
        .update(eventTable)
        .set({ gameOnState: "deciding", ...(share !== null && { costCents: share }) })
        .where(eq(eventTable.id, game.id));
      for (const { hold, amountCents, role, guestCount } of await holdsOfSpots(tx, game.id, ["held"])) {
        await startCapture(tx, deps, hold, share !== null && role === "player" ? share * (1 + guestCount) : amountCents);
      }
      return { decision: "deciding" as const, changed: true };
    },
    { announce: (result) => "changed" in result },
  );
  if ("changed" in first) deps.listCache?.invalidate();
  if (first.decision !== "deciding") return first.decision;
  await captureAll(deps, eventId);
  return finish(deps, eventId);
}

/** Spots held by confirmed parties of a role (their guests count): what the minimum is checked against. */
async function confirmedSpots(tx: Tx, eventId: string, role: "player" | "goalkeeper"): Promise<number> {
  const [row] = await tx.db
    .select({ spots: sql<number>`coalesce(sum(1 + ${registration.guestCount}), 0)`.mapWith(Number) })
    .from(registration)
    .where(and(eq(registration.eventId, eventId), eq(registration.role, role), eq(registration.status, "confirmed")));
  return row?.spots ?? 0;
}

/** The holds of the game's confirmed spots in these states, with each party's price now. */
async function holdsOfSpots(tx: Pick<Tx, "db">, eventId: string, statuses: (typeof cardHold.$inferSelect.status)[]) {
  return tx.db
    .select({ hold: cardHold, amountCents: registration.amountCents, role: registration.role, guestCount: registration.guestCount })
    .from(cardHold)
    .innerJoin(registration, eq(registration.id, cardHold.registrationId))
    .where(and(eq(cardHold.eventId, eventId), eq(registration.status, "confirmed"), inArray(cardHold.status, statuses)));
}

/**
 * Step 2: every capture of the game, and every hold still scheduled placed and captured. A capture
 * whose outcome is unknown stays `capturing` for the capture job or the next run; nothing is guessed.
 */
async function captureAll(deps: RegistrationDeps, eventId: string): Promise<void> {
  for (const { hold } of await holdsOfSpots(deps.database, eventId, ["scheduled"])) await placeLateHold(deps, hold.id);
  // An answer lost is asked again with the same key a few times at once (the processor tells what
  // became of the capture, nothing is guessed): players hear the decision in seconds rather than after
  // the capture jobs' backoff. What is still unknown after that is left to the jobs.
  for (let pass = 0; pass < CAPTURE_PASSES; pass += 1) {
    if (pass > 0) await new Promise((resolve) => setTimeout(resolve, PASS_PAUSE_MS * pass));
    if ((await capturePass(deps, eventId)) === 0) return;
  }
}

/** One pass over the game's holds still `capturing`; returns how many still have no known outcome. */
async function capturePass(deps: RegistrationDeps, eventId: string): Promise<number> {
  const capturing = await deps.database.db.select({ id: cardHold.id }).from(cardHold).where(and(eq(cardHold.eventId, eventId), eq(cardHold.status, "capturing")));
  let unknown = 0;
  // A few at once: a game of 200 is captured in seconds, not one processor round trip after another.
  // Each capture is applied once under its hold's row lock, so the capture jobs running beside these
  // change nothing (money/capture-hold.ts).
  for (let start = 0; start < capturing.length; start += CAPTURES_AT_ONCE) {
    await Promise.all(
      capturing.slice(start, start + CAPTURES_AT_ONCE).map(async ({ id }) => {
        try {
          await captureHold(deps, id);
        } catch (error) {
          if (!(error instanceof GatewayUnavailableError)) throw error;
          unknown += 1;
          console.warn(`capture of hold ${id}: outcome unknown, asked again or left to its job (${error.message})`);
        }
      }),
    );
  }
  return unknown;
}

const CAPTURES_AT_ONCE = 8;
/** Passes over the captures whose outcome is unknown, the nth after a pause of n × PASS_PAUSE_MS. */
const CAPTURE_PASSES = 4;
const PASS_PAUSE_MS = 500;

/**
 * A scheduled hold is placed off-session under the consent given when joining (docs/game-on.md):
 * from `placeAfter` by the placing job, or at the decision if that job was late. The row moves to
 * `pending` first (once: the update is conditional), so the call is made with its key and its
 * outcome applied like a join's (apply-hold.ts): held → captured if the game is deciding; refused →
 * the spot released and its player told.
 */
export async function placeLateHold(deps: RegistrationDeps, holdId: string): Promise<void> {
  const [moved] = await deps.database.db
    .update(cardHold)
    .set({ status: "pending", offSession: true })
    .where(and(eq(cardHold.id, holdId), or(eq(cardHold.status, "scheduled"), eq(cardHold.status, "pending"))))
    .returning();
  if (!moved) return;
  let outcome: HoldOutcome;
  try {
    outcome = await deps.gateway.placeHold(holdInputOf(moved));
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError)) throw error;
    // Left pending: recovery asks the processor what became of it (money/stale-holds.ts).
    console.warn(`placing hold ${holdId}: outcome unknown (${error.message})`);
    return;
  }
  await applyHoldOutcome(deps, moved.registrationId, outcome);
}

/**
 * After a capture job learnt an outcome: if it was the decision's last one, the decision is finished
 * now rather than at the minute job's next run (workers.ts). Looked at without the lock first, as
 * most captures are not the last; `finish` looks again under it.
 */
export async function finishDecisionAfterCapture(deps: RegistrationDeps, holdId: string): Promise<void> {
  const [row] = await deps.database.db
    .select({ eventId: cardHold.eventId, state: eventTable.gameOnState })
    .from(cardHold)
    .innerJoin(eventTable, eq(eventTable.id, cardHold.eventId))
    .where(eq(cardHold.id, holdId));
  if (row?.state !== "deciding") return;
  if ((await holdsOfSpots(deps.database, row.eventId, OPEN_AT_DECISION)).length > 0) return;
  await finish(deps, row.eventId);
}

/** Holds the decision waits for: each must be captured or have failed before the game is on. */
const OPEN_AT_DECISION: (typeof cardHold.$inferSelect.status)[] = ["scheduled", "pending", "requires_action", "capturing"];

/** Step 3: once no hold of the game is waiting for an outcome, the game is on. */
async function finish(deps: RegistrationDeps, eventId: string): Promise<Decision> {
  const done = await withEventLock(
    deps.database,
    eventId,
    async (tx, game) => {
      if (game.gameOnState !== "deciding") return game.gameOnState === "on";
      const open = await holdsOfSpots(tx, game.id, OPEN_AT_DECISION);
      if (open.length > 0) return false;
      const enqueue = enqueueIn(tx, deps);
      // A capture that failed (declined, expired): that spot is released, nothing was charged.
      for (const { hold } of await holdsOfSpots(tx, game.id, ["failed"])) {
        await closeRegistration(tx, hold.registrationId, { status: "payment_failed", closedReason: "payment_failed" });
        await enqueue.mail({ kind: "hold_failed", registrationId: hold.registrationId });
      }
      const decided = { ...game, gameOnState: "on" as const, gameOnDecidedAt: new Date() };
      await tx.db.update(eventTable).set({ gameOnState: "on", gameOnDecidedAt: decided.gameOnDecidedAt }).where(eq(eventTable.id, game.id));
      const captured = await holdsOfSpots(tx, game.id, ["captured"]);
      const players = await confirmedSpots(tx, game.id, "player");
      for (const { hold } of captured) {
        if (hold.chargePaymentId) await enqueue.mail({ kind: "game_on", registrationId: hold.registrationId, chargeId: hold.chargePaymentId, players });
      }
      // Spots freed by failed captures go to the waitlist, now as ordinary charges (the game is on).
      await promoteNext(tx, deps, decided, "player");
      if (decided.includeGoalkeepers) await promoteNext(tx, deps, decided, "goalkeeper");
      return true;
    },
    { announce: (changed) => changed },
  );
  if (done) deps.listCache?.invalidate();
  return done ? "on" : "deciding";
}

/**
 * The games the decision job looks at: game-on games whose decision is due and not taken, and those
 * whose decision is running (a crash left them `deciding`).
 */
export async function gamesToDecide(deps: Pick<RegistrationDeps, "database">, now: Date): Promise<string[]> {
  const rows = await deps.database.db
    .select({ id: eventTable.id })
    .from(eventTable)
    .where(
      or(
        eq(eventTable.gameOnState, "deciding"),
        and(eq(eventTable.gameOnState, "open"), sql`${eventTable.startsAt} - make_interval(hours => ${eventTable.gameOnDecideHours}) <= ${now.toISOString()}::timestamptz`),
      ),
    );
  return rows.map((row) => row.id);
}

/** Scheduled holds whose time has come (the decision within a hold's life): the placing job places each. */
export async function holdsDueForPlacing(deps: Pick<RegistrationDeps, "database">, now: Date): Promise<string[]> {
  const rows = await deps.database.db
    .select({ id: cardHold.id })
    .from(cardHold)
    .where(and(eq(cardHold.status, "scheduled"), lte(cardHold.placeAfter, now)));
  return rows.map((row) => row.id);
}
