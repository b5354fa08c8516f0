import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDayBadge,
  formatDuration,
  formatGoalkeepers,
  formatHours,
  formatLongDate,
  formatPrice,
  isCompleted,
} from "./format.ts";
import { formatGameTime, sameClockTime } from "./game-time.ts";

// Formatting happens in the process's zone; build the instants from local wall-clock times.
const local = (year: number, month: number, day: number, hours: number, minutes: number) =>
  new Date(year, month - 1, day, hours, minutes).toISOString();

describe("event formatting", () => {
  it("writes durations as hours and minutes", () => {
    expect(formatDuration(90)).toBe("1 hour 30 minutes");
    expect(formatDuration(60)).toBe("1 hour");
    expect(formatDuration(120)).toBe("2 hours");
    expect(formatDuration(45)).toBe("45 minutes");
    expect(formatDuration(61)).toBe("1 hour 1 minute");
    expect(formatDuration(0)).toBe("0 minutes");
  });

  it("writes dates and hours in the viewer's zone", () => {
    expect(formatLongDate(local(2026, 3, 14, 10, 0))).toBe("March 14, 2026");
    expect(formatHours(local(2026, 3, 14, 10, 0), local(2026, 3, 14, 11, 30))).toBe("10:00 AM - 11:30 AM");
    expect(formatHours(local(2026, 3, 14, 21, 5), local(2026, 3, 14, 23, 0))).toBe("9:05 PM - 11:00 PM");
    expect(formatHours(local(2026, 3, 14, 0, 0), local(2026, 3, 14, 12, 0))).toBe("12:00 AM - 12:00 PM");
    expect(formatDayBadge(local(2026, 3, 14, 10, 0))).toEqual({ weekday: "Sat", day: "14" });
  });

  it("keeps each text it wrote apart by its instant, its zone and each option", () => {
    const at = "2026-03-14T15:05:00Z";
    const hours = { hour: "numeric", minute: "2-digit", hour12: true } as const;
    for (let round = 0; round < 2; round++) {
      expect(formatDate(at, { ...hours, timeZone: "UTC" })).toBe("3:05 PM");
      expect(formatDate(at, { ...hours, timeZone: "America/New_York" })).toBe("11:05 AM");
      expect(formatDate(at, { timeZone: "UTC", hour: "numeric", minute: "2-digit", hour12: false })).toBe("15:05");
      expect(formatDate(at, { timeZone: "UTC", month: "long" })).toBe("March");
      expect(formatDate(at, { timeZone: "UTC", month: "short" })).toBe("Mar");
      expect(formatDate("2026-04-14T15:05:00Z", { timeZone: "UTC", month: "short" })).toBe("Apr");
    }
  });

  it("shows 'Invalid Date' for a timestamp it cannot read instead of throwing", () => {
    expect(formatDate("not a date", { month: "long" })).toBe("Invalid Date");
    expect(formatLongDate("")).toBe("Invalid Date");
  });

  it("writes prices in the configured currency, with Free for 0", () => {
    expect(formatPrice(0, "cad")).toBe("Free");
    expect(formatPrice(1250, "cad")).toBe("$12.50");
    expect(formatPrice(1250, "eur")).toBe("€12.50");
    expect(formatPrice(0, "gbp")).toBe("Free");
  });

  it("describes goalkeeper places", () => {
    expect(formatGoalkeepers({ includeGoalkeepers: false, maxGoalkeepers: 2, goalkeeperCostCents: 0 }, "cad")).toBe("No goalkeepers");
    expect(formatGoalkeepers({ includeGoalkeepers: true, maxGoalkeepers: 2, goalkeeperCostCents: 500 }, "cad")).toBe("2 goalkeepers, $5.00");
    expect(formatGoalkeepers({ includeGoalkeepers: true, maxGoalkeepers: 2, goalkeeperCostCents: 500 }, "gbp")).toBe("2 goalkeepers, £5.00");
    expect(formatGoalkeepers({ includeGoalkeepers: true, maxGoalkeepers: 1, goalkeeperCostCents: 0 }, "cad")).toBe("1 goalkeeper, Free");
  });

  it("calls an event completed once its end has passed", () => {
    const now = Date.parse("2026-03-14T12:00:00Z");
    expect(isCompleted({ endsAt: "2026-03-14T12:00:00Z" }, now)).toBe(true);
    expect(isCompleted({ endsAt: "2026-03-14T12:00:01Z" }, now)).toBe(false);
  });

  describe("the game's time on its page", () => {
    // Saturday 14 March 2026, 22:30–23:30 UTC: already Sunday in Tokyo, still Saturday afternoon in New York.
    const game = { startsAt: "2026-03-14T22:30:00Z", endsAt: "2026-03-14T23:30:00Z", timeZone: "UTC" };

    it("writes the weekday with the date, and plain hours when the viewer's clock is the game's", () => {
      expect(formatGameTime(game, "UTC")).toEqual({ date: "Saturday, March 14, 2026", hours: "10:30 PM - 11:30 PM", yourTime: null });
    });

    it("keeps the game's day and hours where it is played and names its zone as people say it, with the viewer's own time beside", () => {
      expect(formatGameTime(game, "Asia/Tokyo")).toEqual({
        date: "Saturday, March 14, 2026",
        hours: "10:30 PM - 11:30 PM (UTC)",
        yourTime: "Sun, Mar 15, 7:30 AM - 8:30 AM (Japan Standard Time)",
      });
      const newYork = formatGameTime({ ...game, timeZone: "America/New_York" }, "Europe/Paris");
      expect(newYork.date).toBe("Saturday, March 14, 2026");
      expect(newYork.hours).toBe("6:30 PM - 7:30 PM (Eastern Time)");
      expect(newYork.yourTime).toBe("Sat, Mar 14, 11:30 PM - 12:30 AM (Central European Time)");
    });

    it("does not name a zone whose clocks show the same time as the viewer's", () => {
      // Lisbon keeps UTC's time in winter; London too.
      expect(sameClockTime([game.startsAt, game.endsAt], "Europe/Lisbon", "UTC")).toBe(true);
      expect(formatGameTime({ ...game, timeZone: "Europe/London" }, "Europe/Lisbon").hours).toBe("10:30 PM - 11:30 PM");
      // In summer London is an hour ahead of UTC.
      expect(sameClockTime(["2026-07-01T12:00:00Z"], "Europe/London", "UTC")).toBe(false);
    });

    it("falls back to the viewer's clock for a zone it does not know, and to 'Invalid Date' for a bad timestamp", () => {
      expect(formatGameTime({ ...game, timeZone: "Mars/Olympus_Mons" }, "UTC")).toEqual({ date: "Saturday, March 14, 2026", hours: "10:30 PM - 11:30 PM", yourTime: null });
      expect(formatGameTime({ ...game, startsAt: "soon" }, "Asia/Tokyo").date).toBe("Invalid Date");
    });
  });
});
