import { describe, expect, it } from "vitest";
import { heldUntil, minuteOfDay, pushSettingsSchema } from "./push.ts";

const NIGHT = { start: 22 * 60, end: 8 * 60 };

describe("quiet hours (docs/notifications.md)", () => {
  it("holds a push sent at night until the morning on the device's clock", () => {
    // 23:30 in Toronto (EST, UTC−5) is 04:30 UTC: held until 08:00 in Toronto, 13:00 UTC.
    const now = new Date("2026-12-02T04:30:15Z");
    expect(minuteOfDay(now, "America/Toronto")).toBe(23 * 60 + 30);
    expect(heldUntil(now, { ...NIGHT, timeZone: "America/Toronto" }, null)?.toISOString()).toBe("2026-12-02T13:00:00.000Z");
    // After midnight, the same morning.
    expect(heldUntil(new Date("2026-12-02T07:10:00Z"), { ...NIGHT, timeZone: "America/Toronto" }, null)?.toISOString()).toBe("2026-12-02T13:00:00.000Z");
  });

  it("sends at once in the day, with no quiet hours, or about a game within 3 hours", () => {
    const evening = new Date("2026-12-02T04:30:00Z");
    expect(heldUntil(new Date("2026-12-02T17:00:00Z"), { ...NIGHT, timeZone: "America/Toronto" }, null)).toBeNull();
    expect(heldUntil(evening, { start: 0, end: 0, timeZone: "America/Toronto" }, null)).toBeNull();
    expect(heldUntil(evening, { ...NIGHT, timeZone: "America/Toronto" }, new Date("2026-12-02T07:30:00Z"))).toBeNull();
    expect(heldUntil(evening, { ...NIGHT, timeZone: "America/Toronto" }, new Date("2026-12-02T07:31:00Z"))).not.toBeNull();
  });

  it("takes quiet hours within one day too (13:00–14:00), ending at the end", () => {
    const lunch = { start: 13 * 60, end: 14 * 60, timeZone: "UTC" };
    expect(heldUntil(new Date("2026-12-02T13:20:00Z"), lunch, null)?.toISOString()).toBe("2026-12-02T14:00:00.000Z");
    expect(heldUntil(new Date("2026-12-02T14:00:00Z"), lunch, null)).toBeNull();
    expect(heldUntil(new Date("2026-12-02T12:59:00Z"), lunch, null)).toBeNull();
  });

  it("reads the settings' times as HH:MM only", () => {
    const kinds = { promotion: true, changes: false, decision: true, reminders: true, openings: false, spots: true };
    expect(pushSettingsSchema.safeParse({ kinds, quietStart: "22:00", quietEnd: "07:30" }).success).toBe(true);
    for (const bad of ["24:00", "7:30", "22:60", ""]) expect(pushSettingsSchema.safeParse({ kinds, quietStart: bad, quietEnd: "07:30" }).success).toBe(false);
    expect(pushSettingsSchema.safeParse({ kinds: { promotion: true }, quietStart: "22:00", quietEnd: "07:30" }).success).toBe(false);
  });
});
