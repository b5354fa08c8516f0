import { describe, expect, it } from "vitest";
import type { MyRegistration } from "#shared/registrations.ts";
import { offersPush } from "./offers-push.ts";

const mine = (status: MyRegistration["status"]) => [{ status } as MyRegistration];

describe("offersPush", () => {
  it("offers notifications to someone waiting for a spot, or in a series game, and not before", () => {
    const none = { mine: [], seriesId: null };
    expect(offersPush(none)).toBe(false);
    expect(offersPush({ ...none, mine: mine("confirmed") })).toBe(false);
    expect(offersPush({ ...none, mine: mine("waitlisted") })).toBe(true);
    expect(offersPush({ ...none, spotWatch: true })).toBe(true);
    expect(offersPush({ ...none, spotWatch: false })).toBe(false);
    expect(offersPush({ ...none, openingReminder: true })).toBe(true);
    expect(offersPush({ mine: mine("confirmed"), seriesId: "series-1" })).toBe(true);
    expect(offersPush({ mine: mine("cancelled"), seriesId: "series-1" })).toBe(false);
    expect(offersPush({ mine: [], seriesId: "series-1" })).toBe(false);
  });
});
