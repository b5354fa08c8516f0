import { describe, expect, it } from "vitest";
import type { EventSummary, UpcomingEventsResponse } from "#shared/events.ts";
import type { LiveGameChange } from "#shared/live.ts";
import { at, HOUR, makeEvent, NOW } from "#test/web-fixtures.ts";
import { LIVE_SAFETY_REFRESH_MS, newerEvent, refreshBesideStream } from "./apply-changes.ts";
import { applyGameToMine, applyGameToUpcoming } from "./follow-home.ts";

const summary = (overrides: Partial<EventSummary> = {}): EventSummary => {
  const { version: _version, notes: _notes, organizer: _organizer, players: _p, goalkeepers: _g, playerWaitList: _pw, goalkeeperWaitList: _gw, refundedUsers: _r, mine: _m, ...card } = makeEvent();
  return { ...card, ...overrides };
};
const list = (...events: EventSummary[]): UpcomingEventsResponse => ({ events });
const change = (event: EventSummary, mine: LiveGameChange["mine"] = []): LiveGameChange => ({ event, mine });

describe("newerEvent", () => {
  it("keeps the page with the higher version, so a late fetch does not step back", () => {
    const seen = makeEvent({ version: 5, playersCount: 3 });
    expect(newerEvent(seen, makeEvent({ version: 4, playersCount: 2 }))).toBe(seen);
    const next = makeEvent({ version: 6 });
    expect(newerEvent(seen, next)).toBe(next);
    expect(newerEvent(undefined, next)).toBe(next);
  });
});

describe("applyGameToUpcoming", () => {
  const now = NOW.getTime();

  it("replaces the game's card in its place", () => {
    const first = summary({ id: "a" });
    const second = summary({ id: "b", startsAt: at(72 * HOUR), endsAt: at(74 * HOUR) });
    const applied = applyGameToUpcoming(list(first, second), change({ ...first, playersCount: 7 }), now);
    expect(applied.unknown).toBe(false);
    expect(applied.list?.events.map((e) => [e.id, e.playersCount])).toEqual([
      ["a", 7],
      ["b", 0],
    ]);
  });

  it("takes a cancelled or finished game off the list", () => {
    const game = summary({ id: "a" });
    expect(applyGameToUpcoming(list(game), change({ ...game, status: "cancelled" }), now).list?.events).toEqual([]);
    expect(applyGameToUpcoming(list(game), change({ ...game, endsAt: at(-HOUR) }), now).list?.events).toEqual([]);
  });

  it("says so for a coming game it does not have, and leaves an unknown cancelled one alone", () => {
    const known = summary({ id: "a" });
    expect(applyGameToUpcoming(list(known), change(summary({ id: "new" })), now)).toEqual({ list: list(known), unknown: true });
    expect(applyGameToUpcoming(list(known), change(summary({ id: "gone", status: "cancelled" })), now)).toEqual({ list: list(known), unknown: false });
    expect(applyGameToUpcoming(undefined, change(known), now)).toEqual({ list: undefined, unknown: false });
  });
});

describe("applyGameToMine", () => {
  it("replaces the viewer's places in the changed game only", () => {
    const mine = {
      registrations: [
        { eventId: "a", role: "player" as const, status: "waitlisted" as const, waitlistPosition: 2 },
        { eventId: "b", role: "player" as const, status: "confirmed" as const, waitlistPosition: null },
      ],
    };
    const moved = applyGameToMine(mine, change(summary({ id: "a" }), [{ eventId: "a", role: "player", status: "waitlisted", waitlistPosition: 1 }]));
    expect(moved?.registrations).toEqual([
      { eventId: "b", role: "player", status: "confirmed", waitlistPosition: null },
      { eventId: "a", role: "player", status: "waitlisted", waitlistPosition: 1 },
    ]);
    expect(applyGameToMine(mine, change(summary({ id: "b" })))?.registrations.map((r) => r.eventId)).toEqual(["a"]);
  });
});

describe("refreshBesideStream", () => {
  it("polls as usual without a stream, slowly beside an open one, never for a game that needs none", () => {
    expect(refreshBesideStream(15_000, false)).toBe(15_000);
    expect(refreshBesideStream(2_000, true)).toBe(LIVE_SAFETY_REFRESH_MS);
    expect(refreshBesideStream(false, true)).toBe(false);
  });
});

describe("newerEvent keeps the viewer's own parts", () => {
  it("keeps their standing with the regulars and their 'Tell me when it opens' when the stream's page has none", () => {
    const window = { maxPlayers: 2, maxGoalkeepers: 0, viewerIsRegular: false };
    const current = makeEvent({ version: 3, openingReminder: true, regularsWindow: { ...window, viewerStanding: { status: "noShows" } } });
    const next = makeEvent({ version: 4, regularsWindow: window, playersCount: 1 });
    expect(newerEvent(current, next)).toMatchObject({ version: 4, playersCount: 1, openingReminder: true, regularsWindow: { viewerStanding: { status: "noShows" } } });
  });

  it("keeps their 'Tell me if a spot opens' across the stream's pages, and takes a newer read's", () => {
    const current = makeEvent({ version: 3, spotWatch: true });
    expect(newerEvent(current, makeEvent({ version: 4, playersCount: 1 })).spotWatch).toBe(true);
    expect(newerEvent(current, makeEvent({ version: 4, spotWatch: false })).spotWatch).toBe(false);
  });
});
