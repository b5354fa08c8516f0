import { describe, expect, it } from "vitest";
import type { ConsoleOverview } from "#shared/console.ts";
import { attendanceWord, bucketDays, count, dayRange, isEmptyPeriod, longDay, percent, shortDay, unitFor } from "./figures.ts";

const day = (date: string, collectedCents = 0, refundedCents = 0, registrations = 0) => ({ date, collectedCents, refundedCents, registrations });

describe("unitFor", () => {
  it("draws days up to about two months, then weeks", () => {
    expect(unitFor({ from: "2026-01-01", to: "2026-01-31" })).toBe("day");
    expect(unitFor({ from: "2026-01-01", to: "2026-03-03" })).toBe("day"); // 62 days
    expect(unitFor({ from: "2026-01-01", to: "2026-03-04" })).toBe("week");
  });
});

describe("bucketDays", () => {
  const daily = [
    day("2026-11-21", 1000, 0, 1), // Saturday
    day("2026-11-22", 0, 941, 2), // Sunday
    day("2026-11-23", 500, 0, 3), // Monday
    day("2026-11-29", 1000, 1000, 1), // Sunday
    day("2026-11-30", 0, 0, 4), // Monday
  ];

  it("keeps the days as they are per day", () => {
    expect(bucketDays(daily, "day").map((bucket) => [bucket.from, bucket.to, bucket.collectedCents])).toEqual(daily.map((d) => [d.date, d.date, d.collectedCents]));
  });

  it("adds up Monday to Sunday per week, the weeks cut by the period included, and loses no cent", () => {
    expect(bucketDays(daily, "week")).toEqual([
      { from: "2026-11-21", to: "2026-11-22", collectedCents: 1000, refundedCents: 941, registrations: 3 },
      { from: "2026-11-23", to: "2026-11-29", collectedCents: 1500, refundedCents: 1000, registrations: 4 },
      { from: "2026-11-30", to: "2026-11-30", collectedCents: 0, refundedCents: 0, registrations: 4 },
    ]);
  });
});

describe("words and figures", () => {
  it("writes days on the axis, in tables and as ranges, whatever the viewer's zone", () => {
    expect(shortDay("2021-03-01")).toBe("Mar 1");
    expect(longDay("2021-03-01")).toBe("Mon, Mar 1, 2021");
    expect(dayRange("2021-03-01", "2021-03-07")).toBe("Mar 1 – Mar 7, 2021");
    expect(dayRange("2020-12-28", "2021-01-03")).toBe("Dec 28, 2020 – Jan 3, 2021");
    expect(dayRange("2021-03-01", "2021-03-01")).toBe("Mar 1, 2021");
  });

  it("rounds percentages to whole ones and has none of nothing", () => {
    expect(percent(1, 2)).toBe("50%");
    expect(percent(2, 3)).toBe("67%");
    expect(percent(0, 0)).toBeNull();
  });

  it("writes counts, and tells attendance", () => {
    // Counts with their noun are messages now (admin.figures.charges); in-french test checks them.
    expect(count(1200)).toBe("1,200");
    expect(attendanceWord({ checkedIn: true, noShow: false })).toBe("Checked in");
    expect(attendanceWord({ checkedIn: false, noShow: true })).toBe("No-show");
    expect(attendanceWord({ checkedIn: false, noShow: false })).toBe("—");
  });
});

describe("isEmptyPeriod", () => {
  const empty: ConsoleOverview = {
    period: { from: "2021-03-01", to: "2021-03-02", timeZone: "UTC" },
    currency: "cad",
    games: { held: 0, cancelled: 0, upcoming: 0 },
    fill: { players: { held: 0, capacity: 0 }, goalkeepers: { held: 0, capacity: 0 } },
    distinctPlayers: 0,
    money: { grossCents: 0, charges: 0, feesCents: 0, refunds: { playerCancelsCents: 0, adminCancelsCents: 0, otherCents: 0, pendingCents: 0, failedCents: 0 }, netCents: 0 },
    waitlist: { joins: 0, promotions: 0, automaticCharges: 0, failedAutomaticCharges: 0 },
    lateCancels: 0,
    noShows: 0,
    daily: [day("2021-03-01"), day("2021-03-02")],
    perGame: [],
  };

  it("is empty with no game, no payment and no registration; a refund alone is something", () => {
    expect(isEmptyPeriod(empty)).toBe(true);
    expect(isEmptyPeriod({ ...empty, daily: [day("2021-03-01", 0, 0, 1)] })).toBe(false);
    expect(isEmptyPeriod({ ...empty, money: { ...empty.money, refunds: { ...empty.money.refunds, failedCents: 1000 } } })).toBe(false);
  });
});
