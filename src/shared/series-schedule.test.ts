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
  dayOffset: 0,
  offsetFrom: null,
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

  it("play the games from the moved one on at their new weekday, keyed as before, across a change of clocks", () => {
    // From the game keyed Thursday 2026-10-29 on, the games are played on Saturdays (2 days later).
    const moved: SeriesSchedule = { ...toronto, dayOffset: 2, offsetFrom: "2026-10-29" };
    const games = occurrencesWithin(moved, { now: new Date("2026-10-01T12:00:00Z"), horizonDays: 60 });
    expect(games.map((game) => [game.date, game.day])).toEqual([
      ["2026-10-22", "2026-10-22"],
      ["2026-10-29", "2026-10-31"],
      ["2026-11-05", "2026-11-07"],
      ["2026-11-12", "2026-11-14"],
      ["2026-11-19", "2026-11-21"],
      ["2026-11-26", "2026-11-28"],
    ]);
    for (const game of games.slice(1)) {
      expect(isoWeekday(game.day)).toBe(6);
      const wall = wallClockAt(game.startsAt.getTime(), "America/Toronto");
      expect([wall.year, wall.month, wall.day, wall.hour, wall.minute].join(" ")).toBe(`${game.day.slice(0, 4)} ${Number(game.day.slice(5, 7))} ${Number(game.day.slice(8))} 19 0`);
    }
    // Saturday 2026-10-31 is before the clocks change, Saturday 2026-11-07 after.
    expect(games[1]!.startsAt.toISOString()).toBe("2026-10-31T23:00:00.000Z");
    expect(games[2]!.startsAt.toISOString()).toBe("2026-11-08T00:00:00.000Z");
    expect(games[2]!.registrationOpensAt.toISOString()).toBe("2026-11-02T00:00:00.000Z");
    // The horizon counts the day a game is played: 2026-10-29 + 2 days is past a horizon ending on the 30th.
    expect(occurrencesWithin(moved, { now: new Date("2026-10-23T12:00:00Z"), horizonDays: 7 }).map((game) => game.day)).toEqual([]);
    expect(occurrencesWithin(moved, { now: new Date("2026-10-23T12:00:00Z"), horizonDays: 8 }).map((game) => game.day)).toEqual(["2026-10-31"]);
    // Moved earlier (Thursday → Monday, -3), today's week is walked from a week before it.
    const earlier: SeriesSchedule = { ...toronto, dayOffset: -3, offsetFrom: "2026-10-29" };
    expect(occurrencesWithin(earlier, { now: new Date("2026-11-03T12:00:00Z"), horizonDays: 7 }).map((game) => game.day)).toEqual(["2026-11-09"]);
    expect(occurrencesWithin(earlier, { now: new Date("2026-11-01T12:00:00Z"), horizonDays: 2 }).map((game) => game.day)).toEqual(["2026-11-02"]);
  });
});
