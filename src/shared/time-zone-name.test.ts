import { describe, expect, it } from "vitest";
import { formatInZone, timeZoneName } from "./time-zone-name.ts";

describe("timeZoneName", () => {
  const winter = "2026-01-15T12:00:00Z";
  const summer = "2026-07-15T12:00:00Z";

  it("names a zone as people say it, the same all year", () => {
    expect(timeZoneName("America/Toronto", winter)).toBe("Eastern Time");
    expect(timeZoneName("America/Toronto", summer)).toBe("Eastern Time");
    expect(timeZoneName("America/New_York", summer)).toBe("Eastern Time");
    expect(timeZoneName("America/Vancouver", winter)).toBe("Pacific Time");
    expect(timeZoneName("Europe/Paris", summer)).toBe("Central European Time");
  });

  it("uses the zone's own name where the platform has no generic one, and UTC for UTC", () => {
    expect(timeZoneName("Asia/Tokyo", winter)).toBe("Japan Standard Time");
    expect(timeZoneName("UTC", winter)).toBe("UTC");
    expect(timeZoneName("Etc/UTC", summer)).toBe("UTC");
  });

  it("falls back to the offset, then to the id, rather than throwing", () => {
    expect(timeZoneName("Etc/GMT-3", winter)).toBe("GMT+03:00");
    expect(timeZoneName("Mars/Olympus_Mons", winter)).toBe("Mars/Olympus_Mons");
    expect(timeZoneName("America/Toronto", "not a date")).toBe("Eastern Time");
  });
});

describe("formatInZone", () => {
  it("writes the weekday, date and time on the zone's clocks, and names the zone", () => {
    expect(formatInZone("2026-12-05T00:30:00Z", "America/Toronto")).toBe("Friday, December 4, 2026, 7:30 PM Eastern Time");
    expect(formatInZone("2026-07-15T12:00:00Z", "Europe/Berlin")).toBe("Wednesday, July 15, 2026, 2:00 PM Central European Time");
    expect(formatInZone("2026-07-15T12:00:00Z", "UTC")).toBe("Wednesday, July 15, 2026, 12:00 PM UTC");
  });

  it("writes a zone this platform does not know in UTC, and says so", () => {
    expect(formatInZone("2026-07-15T12:00:00Z", "Mars/Olympus_Mons")).toBe("Wednesday, July 15, 2026, 12:00 PM UTC");
  });
});
