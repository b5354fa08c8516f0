import { describe, expect, it } from "vitest";
import { REGULARS_WINDOW_RANGE, seriesRegularsSchema } from "#shared/series.ts";
import { initialRegulars, regularsDraftOf, regularsErrorsOfServer, regularsInput } from "./regulars-draft.ts";

describe("the Regulars first fields of a series' page", () => {
  it("start from the series' rule, or unticked with the defaults when it has none", () => {
    expect(regularsDraftOf(null)).toEqual({ on: false, windowHours: "24", minGames: "3", ofLast: "4", maxPercent: "70" });
    expect(regularsDraftOf({ windowMinutes: 48 * 60, minGames: 2, ofLast: 5, maxPercent: 60 })).toEqual({ on: true, windowHours: "48", minGames: "2", ofLast: "5", maxPercent: "60" });
  });

  it("send the numbers as typed, or null when unticked, which the server's schema reads", () => {
    const typed = { ...initialRegulars, on: true, windowHours: "48" };
    expect(regularsInput(typed)).toEqual({ windowHours: "48", minGames: "3", ofLast: "4", maxPercent: "70" });
    expect(seriesRegularsSchema.parse({ regulars: regularsInput(typed) })).toEqual({ regulars: { windowMinutes: 48 * 60, minGames: 3, ofLast: 4, maxPercent: 70 } });
    expect(regularsInput({ ...typed, on: false })).toBeNull();
    expect(seriesRegularsSchema.parse({ regulars: regularsInput({ ...typed, on: false }) })).toEqual({ regulars: null });
  });

  it("say the server's messages under the fields its 400 names", () => {
    const refused = seriesRegularsSchema.safeParse({ regulars: regularsInput({ ...initialRegulars, on: true, windowHours: "0" }) });
    expect(refused.error?.issues.map((issue) => issue.path.join("."))).toEqual(["regulars.windowHours"]);
    expect(regularsErrorsOfServer({ "regulars.windowHours": REGULARS_WINDOW_RANGE, title: "Not ours" })).toEqual({ "regulars.windowHours": REGULARS_WINDOW_RANGE });
    expect(regularsErrorsOfServer(undefined)).toEqual({});
  });
});
