import { describe, expect, it } from "vitest";
import { addDays, isoWeekday, lastDateOf, occurrencesWithin, type SeriesSchedule } from "./series-schedule.ts";
import { wallClockAt } from "./zoned-time.ts";

const toronto: SeriesSchedule = {
  firstDate: "2026-10-22",
  localTime: "19:00",
  timeZone: "America/Toronto",
  durationMinutes: 90,
  endDate: null,
  gameCount: 26,
  opensBeforeMinutes: 6 * 24 * 60,
};

describe("a weekly series' games", () => {
  it("stay at 19:00 in Toronto across the first Sunday of November and the second Sunday of March", () => {
    const games = occurrencesWithin(toronto, { now: new Date("2026-10-01T12:00:00Z"), horizonDays: 400 });
    expect(games).toHaveLength(26);
    for (const game of games) {
      const wall = wallClockAt(game.startsAt.getTime(), "America/Toronto");
      expect([wall.hour, wall.minute]).toEqual([19, 0]);
      expect(isoWeekday(game.date)).toBe(4);
    }
    // Daylight time (UTC−4) before 2026-11-01, standard time (UTC−5) until 2027-03-14, then daylight again.
    expect(games.find((game) => game.date === "2026-10-29")!.startsAt.toISOString()).toBe("2026-10-29T23:00:00.000Z");
    expect(games.find((game) => game.date === "2026-11-05")!.startsAt.toISOString()).toBe("2026-11-06T00:00:00.000Z");
    expect(games.find((game) => game.date === "2027-03-11")!.startsAt.toISOString()).toBe("2027-03-12T00:00:00.000Z");
    expect(games.find((game) => game.date === "2027-03-18")!.startsAt.toISOString()).toBe("2027-03-18T23:00:00.000Z");
    // Opens 6 days before, at the same wall time (no change of clocks within those days here).
    expect(games[0]!.registrationOpensAt.toISOString()).toBe("2026-10-16T23:00:00.000Z");
  });

  it("ends on the end date or after the number of games, and starts from today, not from the first date", () => {
    expect(lastDateOf({ firstDate: "2026-10-22", endDate: "2026-11-18", gameCount: null })).toBe("2026-11-12");
    expect(lastDateOf({ firstDate: "2026-10-22", endDate: null, gameCount: 3 })).toBe("2026-11-05");
    const later = occurrencesWithin(toronto, { now: new Date("2027-01-01T12:00:00Z"), horizonDays: 14 });
    expect(later.map((game) => game.date)).toEqual(["2027-01-07", "2027-01-14"]);
    // Today's game is still to come at noon, and no longer once it has kicked off.
    expect(occurrencesWithin(toronto, { now: new Date("2027-01-07T17:00:00Z"), horizonDays: 0 }).map((game) => game.date)).toEqual(["2027-01-07"]);
    expect(occurrencesWithin(toronto, { now: new Date("2027-01-08T01:00:00Z"), horizonDays: 0 })).toEqual([]);
    expect(addDays("2027-02-26", 7)).toBe("2027-03-05");
  });
});
