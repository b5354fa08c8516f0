import { describe, expect, it } from "vitest";
import { checkRange, periodFromSearch, presetRange, searchForPeriod } from "./period.ts";
import { english } from "#test/shared-english.ts";

/** A refusal with its message (a key of the "shared" area) in English. */
const inEnglish = <T>(problem: T): T => (problem && typeof problem === "object" && "message" in problem && typeof problem.message === "string" ? { ...problem, message: english(problem.message) } : problem);

describe("presetRange", () => {
  it("takes the last 30 days up to today, today included", () => {
    expect(presetRange("last30", "2026-03-15")).toEqual({ from: "2026-02-14", to: "2026-03-15" });
  });

  it("takes the whole week, Monday to Sunday, whatever day today is", () => {
    expect(presetRange("week", "2026-11-23")).toEqual({ from: "2026-11-23", to: "2026-11-29" }); // a Monday
    expect(presetRange("week", "2026-11-29")).toEqual({ from: "2026-11-23", to: "2026-11-29" }); // a Sunday
    expect(presetRange("week", "2026-12-31")).toEqual({ from: "2026-12-28", to: "2027-01-03" }); // across the year
  });

  it("takes the whole month, leap days included", () => {
    expect(presetRange("month", "2028-02-10")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(presetRange("month", "2026-02-28")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(presetRange("month", "2026-12-01")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
  });
});

describe("periodFromSearch", () => {
  // 03:30 UTC on 1 March is still 28 February in Toronto: the organiser's day counts.
  const now = new Date("2026-03-01T03:30:00Z");

  it("is the last 30 days in the organiser's zone without a query, and for a preset it does not know", () => {
    for (const query of ["", "period=year"]) {
      expect(periodFromSearch(new URLSearchParams(query), "America/Toronto", now)).toEqual({ preset: "last30", from: "2026-01-30", to: "2026-02-28", problem: null });
    }
    expect(periodFromSearch(new URLSearchParams(), "UTC", now)).toMatchObject({ from: "2026-01-31", to: "2026-03-01" });
  });

  it("reads the presets and a custom range", () => {
    expect(periodFromSearch(new URLSearchParams("period=month"), "America/Toronto", now)).toEqual({ preset: "month", from: "2026-02-01", to: "2026-02-28", problem: null });
    expect(periodFromSearch(new URLSearchParams("from=2021-03-01&to=2021-03-07"), "UTC", now)).toEqual({
      preset: "custom",
      from: "2021-03-01",
      to: "2021-03-07",
      problem: null,
    });
  });

  it("keeps a custom range the server would refuse, with the reason and its field", () => {
    const reversed = periodFromSearch(new URLSearchParams("from=2021-03-07&to=2021-03-01"), "UTC", now);
    expect(reversed).toMatchObject({ preset: "custom", from: "2021-03-07", to: "2021-03-01" });
    expect(inEnglish(reversed.problem)).toEqual({ ok: false, field: "to", message: "The end date must not be before the start date." });
    expect(periodFromSearch(new URLSearchParams("to=2021-03-01"), "UTC", now).problem).toMatchObject({ field: "from" });
  });
});

describe("searchForPeriod", () => {
  it("writes nothing for the default, the preset's name, or both days", () => {
    expect(searchForPeriod({ preset: "last30" }).toString()).toBe("");
    expect(searchForPeriod({ preset: "week" }).toString()).toBe("period=week");
    expect(searchForPeriod({ preset: "custom", from: "2021-03-01", to: "2021-03-07" }).toString()).toBe("from=2021-03-01&to=2021-03-07");
  });
});

describe("checkRange", () => {
  const now = new Date("2026-11-23T12:00:00Z");

  it("applies the server's rules: real dates, in order, at most two years", () => {
    expect(checkRange({ from: "2026-01-01", to: "2026-01-31" }, "Europe/Paris", now)).toMatchObject({ ok: true });
    expect(inEnglish(checkRange({ from: "", to: "2026-01-31" }, "UTC", now))).toEqual({ ok: false, field: "from", message: "Enter the start date as YYYY-MM-DD." });
    expect(checkRange({ from: "2026-02-30", to: "2026-03-01" }, "UTC", now)).toMatchObject({ ok: false, field: "from" });
    expect(checkRange({ from: "2026-01-31", to: "2026-01-01" }, "UTC", now)).toMatchObject({ ok: false, field: "to" });
    expect(inEnglish(checkRange({ from: "2020-01-01", to: "2026-01-01" }, "UTC", now))).toEqual({ ok: false, field: "to", message: "Choose a period of at most two years." });
  });
});
