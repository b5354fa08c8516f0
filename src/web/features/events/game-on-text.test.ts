import { describe, expect, it } from "vitest";
import type { GameOnView } from "#shared/game-on.ts";
import { at, HOUR, makeEvent, mine } from "#test/web-fixtures.ts";
import { gameOnLines, myHoldText } from "./game-on-text.ts";

const gameOn = (overrides: Partial<GameOnView> = {}): GameOnView => ({
  minPlayers: 8,
  minGoalkeepers: null,
  decideHours: 24,
  decidesAt: at(24 * HOUR),
  state: "open",
  pitchCostCents: null,
  ...overrides,
});

describe("what a game-on game's page says (docs/game-on.md)", () => {
  it("says nothing of an ordinary game", () => {
    expect(gameOnLines(makeEvent(), "usd")).toBeNull();
  });

  it("says the minimum, the count so far and when it is decided, on the game's clock with its zone", () => {
    const [line] = gameOnLines(makeEvent({ gameOn: gameOn(), playersCount: 5 }), "usd")!;
    expect(line).toBe("Game on at 8 players — 5 so far. Decided Saturday, May 2, 2026, 12:00 PM UTC.");
  });

  it("adds the goalkeepers needed when the organiser asked for them", () => {
    const lines = gameOnLines(makeEvent({ gameOn: gameOn({ minGoalkeepers: 2 }), playersCount: 5, goalkeepersCount: 1 }), "usd")!;
    expect(lines[1]).toBe("And 2 goalkeepers — 1 so far.");
  });

  it("tells the decision: deciding, on with the players, or called off with the organiser's reason", () => {
    expect(gameOnLines(makeEvent({ gameOn: gameOn({ state: "deciding" }) }), "usd")).toEqual(["Deciding now…"]);
    expect(gameOnLines(makeEvent({ gameOn: gameOn({ state: "on" }), playersCount: 9 }), "usd")).toEqual(["Game on: 9 players."]);
    expect(gameOnLines(makeEvent({ status: "cancelled", gameOn: gameOn({ state: "called_off" }) }), "usd")).toEqual([
      "Called off: not enough players came. Nothing was charged for a held spot.",
    ]);
    expect(gameOnLines(makeEvent({ status: "cancelled", cancelReason: "The pitch is flooded", gameOn: gameOn({ state: "called_off" }) }), "usd")).toEqual([
      "Called off: The pitch is flooded",
    ]);
  });

  it("on a split pitch, what a spot costs with the minimum and with a full game, never above the price", () => {
    const lines = gameOnLines(makeEvent({ costCents: 1000, maxPlayers: 12, gameOn: gameOn({ pitchCostCents: 8000 }) }), "usd")!;
    expect(lines[1]).toBe("The pitch is split: $10.00 each with 8 players, $6.67 with 12.");
  });

  it("tells the viewer their hold, held now or to be placed closer to the decision", () => {
    const held = makeEvent({ gameOn: gameOn(), mine: [mine({ hold: { status: "held", amountCents: 1000 } })] });
    expect(myHoldText(held, "usd")).toMatch(/^Your card is held for \$10\.00\. It is charged only if the game is on \(.+\)\.$/);
    const scheduled = makeEvent({ gameOn: gameOn(), mine: [mine({ hold: { status: "scheduled", amountCents: 1000 } })] });
    expect(myHoldText(scheduled, "usd")).toMatch(/^Your card will be held for \$10\.00 closer to the decision/);
    expect(myHoldText(makeEvent({ gameOn: gameOn() }), "usd")).toBeNull();
  });
});
