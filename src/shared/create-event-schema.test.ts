import { describe, expect, it } from "vitest";
import { ALL_FIELDS_REQUIRED, createEventSchemaFor, EVENT_LIMITS, LATITUDE_RANGE, LONGITUDE_RANGE } from "./events.ts";
import { english } from "#test/shared-english.ts";

const createEventSchema = createEventSchemaFor("cad");

const form = {
  title: "Tuesday Kickabout",
  date: "2030-05-14",
  time: "18:30",
  timeZone: "UTC",
  durationHours: "1",
  durationMinutes: "0",
  location: { name: "Riverside Park", latitude: 40.78, longitude: -73.97 },
  field: "",
  cost: "10",
  maxPlayers: "10",
  includeGoalkeepers: true,
  goalkeeperCost: "",
  maxGoalkeepers: "2",
};

const messages = (input: Record<string, unknown>) => {
  const result = createEventSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => english(issue.message));
};

describe("createEventSchema", () => {
  it("treats a blank goalkeeper cost as free and keeps the max goalkeepers", () => {
    const result = createEventSchema.parse(form);
    expect(result.goalkeeperCostCents).toBe(0);
    expect(result.maxGoalkeepers).toBe(2);
  });

  it("reads prices written with a decimal comma, as a French organiser types them", () => {
    expect(createEventSchema.parse({ ...form, cost: "12,50", goalkeeperCost: "7,5" })).toMatchObject({ costCents: 1250, goalkeeperCostCents: 750 });
    expect(messages({ ...form, cost: "1,250" })).toEqual(["Cost must be an amount like 10 or 12.50"]);
  });

  it("asks for every field, max goalkeepers included when goalkeepers are", () => {
    expect(messages({ ...form, maxGoalkeepers: "" })).toEqual([english(ALL_FIELDS_REQUIRED)]);
    expect(messages({ ...form, maxGoalkeepers: "  " })).toEqual([english(ALL_FIELDS_REQUIRED)]);
    expect(messages({ ...form, title: " " })).toEqual([english(ALL_FIELDS_REQUIRED)]);
    expect(messages({ ...form, location: undefined })).toEqual([english(ALL_FIELDS_REQUIRED)]);
    // Without goalkeepers their fields are not asked for.
    expect(messages({ ...form, includeGoalkeepers: false, maxGoalkeepers: "" })).toEqual([]);
  });

  it("still says what is wrong with a max goalkeepers that is filled in", () => {
    expect(messages({ ...form, maxGoalkeepers: "0" })).toEqual(["Max goalkeepers must be at least 1"]);
    expect(messages({ ...form, maxGoalkeepers: "two" })).toEqual(["Max goalkeepers must be at least 1"]);
  });

  it("holds the limits the database columns need, for the form and the server alike", () => {
    expect(messages({ ...form, maxPlayers: String(EVENT_LIMITS.maxPlayers + 1) })).toEqual([`Max players must be at most ${EVENT_LIMITS.maxPlayers}`]);
    expect(messages({ ...form, maxPlayers: EVENT_LIMITS.maxPlayers })).toEqual([]);
    expect(messages({ ...form, maxGoalkeepers: String(EVENT_LIMITS.maxGoalkeepers + 1) })).toEqual([`Max goalkeepers must be at most ${EVENT_LIMITS.maxGoalkeepers}`]);
    expect(messages({ ...form, durationHours: "24", durationMinutes: "0" })).toEqual([]);
    expect(messages({ ...form, durationHours: "24", durationMinutes: "1" })).toEqual(["The duration must be 24 hours or less"]);
  });

  it("takes counts written in digits only, not every string Number() reads", () => {
    for (const loose of ["1e1", "0x10", "1_0", "10.0", "+5"]) {
      expect(messages({ ...form, maxPlayers: loose }), loose).toEqual(["Max players must be at least 1"]);
      expect(messages({ ...form, maxGoalkeepers: loose }), loose).toEqual(["Max goalkeepers must be at least 1"]);
    }
    expect(messages({ ...form, maxPlayers: " 12 ", maxGoalkeepers: "03" })).toEqual([]);
    expect(createEventSchema.parse({ ...form, maxGoalkeepers: "03" }).maxGoalkeepers).toBe(3);
  });

  it("says which coordinate is off the globe", () => {
    expect(messages({ ...form, location: { name: "North", latitude: 90.1, longitude: 0 } })).toEqual([english(LATITUDE_RANGE)]);
    expect(messages({ ...form, location: { name: "West", latitude: 0, longitude: -180.1 } })).toEqual([english(LONGITUDE_RANGE)]);
  });

  it("takes a paid price only from the processor's minimum charge up: free, or at least $0.50 in CAD", () => {
    const tooLow = "The price must be free or at least $0.50.";
    expect(messages({ ...form, cost: "0.30" })).toEqual([tooLow]);
    expect(messages({ ...form, cost: "0.49" })).toEqual([tooLow]);
    expect(messages({ ...form, cost: "0" })).toEqual([]);
    expect(messages({ ...form, cost: "0.50" })).toEqual([]);
    expect(messages({ ...form, goalkeeperCost: "0.01" })).toEqual([tooLow]);
    expect(messages({ ...form, goalkeeperCost: "0.50" })).toEqual([]);
    const result = createEventSchema.safeParse({ ...form, goalkeeperCost: "0.2" });
    expect(result.success ? [] : result.error.issues.map((issue) => issue.path.join("."))).toEqual(["goalkeeperCost"]);
  });

  it("uses the minimum of the configured currency", () => {
    const gbp = createEventSchemaFor("gbp");
    expect(gbp.safeParse({ ...form, cost: "0.30" }).success).toBe(true);
    const low = gbp.safeParse({ ...form, cost: "0.29" });
    expect(low.success ? [] : low.error.issues.map((issue) => english(issue.message))).toEqual(["The price must be free or at least £0.30."]);
    const eur = createEventSchemaFor("eur").safeParse({ ...form, cost: "0.30" });
    expect(eur.success ? [] : eur.error.issues.map((issue) => [issue.path.join("."), english(issue.message)])).toEqual([["cost", "The price must be free or at least €0.50."]]);
  });
});
