import { describe, expect, it } from "vitest";
import { resolvePeriod } from "./console-period.ts";
import { english } from "#test/shared-english.ts";

describe("the console's period", () => {
  const now = new Date("2026-11-23T03:30:00Z"); // 22:30 on 22 November in Toronto

  it("defaults to the last 30 days up to today in the organiser's zone, from its midnight to the next", () => {
    const result = resolvePeriod({ tz: "America/Toronto" }, now);
    expect(result).toMatchObject({ ok: true, period: { from: "2026-10-24", to: "2026-11-22", timeZone: "America/Toronto" } });
    if (!result.ok) return;
    // 24 October is still summer time (UTC−4); 23 November is winter time (UTC−5).
    expect(result.period.start.toISOString()).toBe("2026-10-24T04:00:00.000Z");
    expect(result.period.end.toISOString()).toBe("2026-11-23T05:00:00.000Z");
  });

  it("takes a custom range of whole days, up to two years", () => {
    expect(resolvePeriod({ from: "2025-01-01", to: "2026-12-31", tz: "UTC" }, now)).toMatchObject({ ok: true });
    expect(resolvePeriod({ from: "2024-12-31", to: "2027-01-01", tz: "UTC" }, now)).toMatchObject({ ok: false, field: "to" });
  });

  it("says what is wrong with a reversed range, a malformed date or an unknown zone", () => {
    const reversed = resolvePeriod({ from: "2026-11-10", to: "2026-11-01" }, now);
    expect(reversed.ok ? reversed : { ...reversed, message: english(reversed.message) }).toEqual({ ok: false, field: "to", message: "The end date must not be before the start date." });
    expect(resolvePeriod({ from: "2026-02-30" }, now)).toMatchObject({ ok: false, field: "from" });
    expect(resolvePeriod({ to: "23/11/2026" }, now)).toMatchObject({ ok: false, field: "to" });
    expect(resolvePeriod({ tz: "Mars/Olympus" }, now)).toMatchObject({ ok: false, field: "tz" });
  });
});
