import { describe, expect, it } from "vitest";
import { dateInZone, isValidDate, isValidTime, zonedTimeToUtc } from "./zoned-time.ts";

const utc = (date: string, time: string, zone: string) => zonedTimeToUtc(date, time, zone).toISOString();

describe("zonedTimeToUtc", () => {
  it("reads a wall time with the zone's offset on that day, winter and summer", () => {
    expect(utc("2026-01-15", "10:00", "America/New_York")).toBe("2026-01-15T15:00:00.000Z");
    expect(utc("2026-07-15", "10:00", "America/New_York")).toBe("2026-07-15T14:00:00.000Z");
    expect(utc("2026-01-15", "10:00", "Europe/London")).toBe("2026-01-15T10:00:00.000Z");
    expect(utc("2026-07-15", "10:00", "Europe/London")).toBe("2026-07-15T09:00:00.000Z");
    expect(utc("2026-07-15", "10:00", "UTC")).toBe("2026-07-15T10:00:00.000Z");
  });

  it("handles zones with fractional offsets and the southern hemisphere", () => {
    expect(utc("2026-03-01", "18:30", "Asia/Kolkata")).toBe("2026-03-01T13:00:00.000Z");
    expect(utc("2026-06-01", "09:00", "Pacific/Chatham")).toBe("2026-05-31T20:15:00.000Z");
    expect(utc("2026-01-10", "20:00", "Australia/Sydney")).toBe("2026-01-10T09:00:00.000Z");
    expect(utc("2026-07-10", "20:00", "Australia/Sydney")).toBe("2026-07-10T10:00:00.000Z");
  });

  it("is exact right around a daylight-saving change", () => {
    // New York springs forward on 2026-03-08 at 02:00 EST → 03:00 EDT.
    expect(utc("2026-03-08", "01:59", "America/New_York")).toBe("2026-03-08T06:59:00.000Z");
    expect(utc("2026-03-08", "03:00", "America/New_York")).toBe("2026-03-08T07:00:00.000Z");
    // Evening games on the change days keep their local time.
    expect(utc("2026-03-08", "19:00", "America/New_York")).toBe("2026-03-08T23:00:00.000Z");
    expect(utc("2026-11-01", "19:00", "America/New_York")).toBe("2026-11-02T00:00:00.000Z");
    // Berlin falls back on 2026-10-25 at 03:00 CEST → 02:00 CET.
    expect(utc("2026-10-25", "10:00", "Europe/Berlin")).toBe("2026-10-25T09:00:00.000Z");
    expect(utc("2026-10-24", "10:00", "Europe/Berlin")).toBe("2026-10-24T08:00:00.000Z");
  });

  it("moves a skipped wall time forward by the gap", () => {
    expect(utc("2026-03-08", "02:30", "America/New_York")).toBe("2026-03-08T07:30:00.000Z"); // = 03:30 EDT
    expect(utc("2026-03-29", "02:15", "Europe/Berlin")).toBe("2026-03-29T01:15:00.000Z"); // = 03:15 CEST
  });

  it("takes the earlier instant for a wall time that happens twice", () => {
    expect(utc("2026-11-01", "01:30", "America/New_York")).toBe("2026-11-01T05:30:00.000Z"); // EDT, not EST
    expect(utc("2026-10-25", "02:30", "Europe/Berlin")).toBe("2026-10-25T00:30:00.000Z"); // CEST, not CET
  });

  it("rejects impossible dates and times", () => {
    expect(() => zonedTimeToUtc("2026-02-30", "10:00", "UTC")).toThrow(RangeError);
    expect(() => zonedTimeToUtc("2026-02-10", "24:00", "UTC")).toThrow(RangeError);
    expect(isValidDate("2028-02-29")).toBe(true);
    expect(isValidDate("2026-13-01")).toBe(false);
    expect(isValidTime("23:59")).toBe(true);
    expect(isValidTime("9:00")).toBe(false);
  });
});

describe("dateInZone", () => {
  it("gives the calendar day in the zone, which can differ from UTC's", () => {
    const instant = new Date("2026-05-01T02:30:00Z");
    expect(dateInZone(instant, "UTC")).toBe("2026-05-01");
    expect(dateInZone(instant, "America/Los_Angeles")).toBe("2026-04-30");
    expect(dateInZone(new Date("2026-04-30T20:00:00Z"), "Asia/Tokyo")).toBe("2026-05-01");
  });
});
