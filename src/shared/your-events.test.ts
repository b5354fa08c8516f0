import { describe, expect, it } from "vitest";
import type { EventSummary } from "./events.ts";
import { attendanceOf, classifyYourEvents, type Participation, participationOf, type YourRegistration } from "./your-events.ts";

const NOW = new Date("2026-06-15T12:00:00.000Z");

function event(id: string, startsAt: string, options: { minutes?: number; status?: EventSummary["status"] } = {}): EventSummary {
  const minutes = options.minutes ?? 90;
  return {
    id,
    title: `Game ${id}`,
    startsAt,
    endsAt: new Date(new Date(startsAt).getTime() + minutes * 60_000).toISOString(),
    timeZone: "UTC",
    durationMinutes: minutes,
    locationName: "Riverside Park",
    latitude: 1,
    longitude: 2,
    field: null,
    costCents: 1000,
    maxPlayers: 10,
    includeGoalkeepers: true,
    goalkeeperCostCents: 0,
    maxGoalkeepers: 2,
    maxGuestsPerPlayer: 0,
    status: options.status ?? "active",
    playersCount: 0,
    goalkeepersCount: 0,
    playersWaiting: 0,
    seriesId: null,
    registrationOpensAt: null,
    regularsOpenAt: null,
    gameOn: null,
    cancelReason: null,
  };
}

const reg = (e: EventSummary, participation: Participation): YourRegistration => ({ event: e, participation });
const ids = (events: EventSummary[]) => events.map((e) => e.id);

describe("participationOf", () => {
  it("counts a held or paying spot as playing and ignores cancelled registrations", () => {
    expect(participationOf("confirmed")).toBe("playing");
    expect(participationOf("pending_payment")).toBe("playing");
    expect(participationOf("promoting")).toBe("playing");
    expect(participationOf("payment_failed", "payment_failed")).toBeNull();
    expect(participationOf("cancelled", "user_left")).toBeNull();
    expect(participationOf("waitlisted")).toBe("waitlisted");
    expect(participationOf("refunded")).toBe("refunded");
    expect(participationOf("cancelled")).toBeNull();
  });
});

// The classification of docs/product-rules.md, "Your Events".
describe("classifyYourEvents", () => {
  it("is empty for a user with no registrations", () => {
    expect(classifyYourEvents([], NOW)).toEqual({
      current: { playing: [], waitlisted: [] },
      completed: { played: [], waitlisted: [] },
      refunded: [],
      cancelled: [],
    });
  });

  it("puts future and in-progress events in Current, ended ones in Completed", () => {
    const future = event("future", "2026-06-20T18:00:00.000Z");
    const inProgress = event("in-progress", "2026-06-15T11:30:00.000Z", { minutes: 60 });
    const endsNow = event("ends-now", "2026-06-15T11:00:00.000Z", { minutes: 60 });
    const past = event("past", "2026-06-01T18:00:00.000Z");
    const waitedPast = event("waited-past", "2026-06-02T18:00:00.000Z");
    const result = classifyYourEvents(
      [reg(past, "playing"), reg(future, "playing"), reg(inProgress, "playing"), reg(endsNow, "waitlisted"), reg(waitedPast, "waitlisted")],
      NOW,
    );
    expect(ids(result.current.playing)).toEqual(["in-progress", "future"]);
    expect(ids(result.current.waitlisted)).toEqual(["ends-now"]);
    expect(ids(result.completed.played)).toEqual(["past"]);
    expect(ids(result.completed.waitlisted)).toEqual(["waited-past"]);
    expect(result.refunded).toEqual([]);
    expect(result.cancelled).toEqual([]);
  });

  it("lists a user both playing and waitlisted in both lists of the section", () => {
    const future = event("both-future", "2026-06-20T18:00:00.000Z");
    const past = event("both-past", "2026-06-01T18:00:00.000Z");
    const result = classifyYourEvents(
      [reg(future, "playing"), reg(future, "waitlisted"), reg(past, "waitlisted"), reg(past, "playing")],
      NOW,
    );
    expect(ids(result.current.playing)).toEqual(["both-future"]);
    expect(ids(result.current.waitlisted)).toEqual(["both-future"]);
    expect(ids(result.completed.played)).toEqual(["both-past"]);
    expect(ids(result.completed.waitlisted)).toEqual(["both-past"]);
  });

  it("puts a cancelled event the user plays or waits in under Canceled, before anything else", () => {
    const cancelledFuture = event("cancelled-future", "2026-06-20T18:00:00.000Z", { status: "cancelled" });
    const cancelledPast = event("cancelled-past", "2026-06-01T18:00:00.000Z", { status: "cancelled" });
    const cancelledWaited = event("cancelled-waited", "2026-06-21T18:00:00.000Z", { status: "cancelled" });
    const result = classifyYourEvents(
      [reg(cancelledFuture, "playing"), reg(cancelledFuture, "refunded"), reg(cancelledPast, "playing"), reg(cancelledWaited, "waitlisted")],
      NOW,
    );
    expect(ids(result.cancelled)).toEqual(["cancelled-waited", "cancelled-future", "cancelled-past"]);
    expect(result.refunded).toEqual([]);
    expect(result.current.playing).toEqual([]);
    expect(result.completed.played).toEqual([]);
  });

  it("puts a game an admin cancelled under Canceled for everyone it closed (their spot or waitlist place), refunded or not", () => {
    const rainedOff = event("rained-off", "2026-06-20T18:00:00.000Z", { status: "cancelled" });
    expect(participationOf("refunded", "event_cancelled")).toBe("closed_by_cancel");
    expect(participationOf("cancelled", "event_cancelled")).toBe("closed_by_cancel");
    const result = classifyYourEvents([reg(rainedOff, "closed_by_cancel")], NOW);
    expect(ids(result.cancelled)).toEqual(["rained-off"]);
    expect(result.refunded).toEqual([]);
  });

  it("puts an event the user was refunded for under Refunded, whatever else holds", () => {
    const refundedFuture = event("refunded-future", "2026-06-20T18:00:00.000Z");
    const refundedAndWaiting = event("refunded-waiting", "2026-06-22T18:00:00.000Z");
    const refundedPast = event("refunded-past", "2026-06-01T18:00:00.000Z");
    const refundedCancelled = event("refunded-cancelled", "2026-06-25T18:00:00.000Z", { status: "cancelled" });
    const result = classifyYourEvents(
      [
        reg(refundedFuture, "refunded"),
        reg(refundedAndWaiting, "refunded"),
        reg(refundedAndWaiting, "waitlisted"),
        reg(refundedPast, "refunded"),
        reg(refundedCancelled, "refunded"),
      ],
      NOW,
    );
    expect(ids(result.refunded)).toEqual(["refunded-cancelled", "refunded-waiting", "refunded-future", "refunded-past"]);
    expect(result.current.waitlisted).toEqual([]);
    expect(result.cancelled).toEqual([]);
  });
});

describe("attendance on Your Events", () => {
  it("shows what check-in recorded for a past game played, and nothing for games ahead or only waited for", () => {
    const came = event("came", "2026-06-01T18:00:00.000Z");
    const missed = event("missed", "2026-06-02T18:00:00.000Z");
    const unknown = event("unknown", "2026-06-03T18:00:00.000Z");
    const ahead = event("ahead", "2026-06-20T18:00:00.000Z");
    const waited = event("waited", "2026-06-04T18:00:00.000Z");
    const result = classifyYourEvents(
      [
        { event: came, participation: "playing", attendance: attendanceOf(new Date(), null) },
        { event: missed, participation: "playing", attendance: attendanceOf(null, new Date()) },
        { event: unknown, participation: "playing", attendance: attendanceOf(null, null) },
        { event: ahead, participation: "playing", attendance: "checked_in" },
        { event: waited, participation: "waitlisted", attendance: "no_show" },
      ],
      NOW,
    );
    expect(result.completed.played.map((e) => [e.id, e.attendance ?? null])).toEqual([
      ["unknown", null],
      ["missed", "no_show"],
      ["came", "checked_in"],
    ]);
    expect(result.completed.played[0]).not.toHaveProperty("attendance");
    expect(result.current.playing[0]).not.toHaveProperty("attendance");
    expect(result.completed.waitlisted[0]).not.toHaveProperty("attendance");
  });

  it("takes a check-in over a no-show mark", () => {
    expect(attendanceOf("2026-06-01T18:10:00.000Z", "2026-06-01T18:30:00.000Z")).toBe("checked_in");
  });

  it("gives each list the registrations that put the event in it, with their role and money", () => {
    const both = event("both", "2026-06-20T18:00:00.000Z");
    const left = event("left", "2026-06-21T18:00:00.000Z");
    const result = classifyYourEvents(
      [
        { event: both, participation: "playing", part: { role: "goalkeeper", priceCents: 500, paidCents: 500 } },
        { event: both, participation: "waitlisted", part: { role: "player", priceCents: 1000, waitlistPosition: 3 } },
        { event: left, participation: "refunded", part: { priceCents: 1000, paidCents: 1000, refundedCents: 941 } },
      ],
      NOW,
    );
    expect(result.current.playing[0]!.mine).toEqual([{ role: "goalkeeper", participation: "playing", priceCents: 500, paidCents: 500, refundedCents: null, waitlistPosition: null }]);
    expect(result.current.waitlisted[0]!.mine).toEqual([{ role: "player", participation: "waitlisted", priceCents: 1000, paidCents: 0, refundedCents: null, waitlistPosition: 3 }]);
    expect(result.refunded[0]!.mine).toEqual([{ role: "player", participation: "refunded", priceCents: 1000, paidCents: 1000, refundedCents: 941, waitlistPosition: null }]);
  });
});
