import { describe, expect, it } from "vitest";
import type { CreateEventInput } from "#shared/events.ts";
import { createSeriesSchemaFor, REGULARS_MIN_GAMES_RANGE, REGULARS_OF_LAST_RANGE, REGULARS_SHARE_RANGE, REGULARS_WINDOW_RANGE } from "#shared/series.ts";
import { checkRepeat, initialRepeat, repeatErrorsOfServer, repeatInput, type RepeatDraft } from "./repeat-draft.ts";
import { english } from "#test/shared-english.ts";

const game: CreateEventInput = {
  title: "Thursday league",
  date: "2030-01-10",
  time: "19:00",
  timeZone: "America/Toronto",
  durationHours: "1",
  durationMinutes: "30",
  location: { name: "Old Mill Field", latitude: null, longitude: null },
  cost: "0",
  maxPlayers: "12",
};
const weekly: RepeatDraft = { ...initialRepeat, weekly: true };
const withRegulars = (regulars: Partial<RepeatDraft["regulars"]>): RepeatDraft => ({ ...weekly, regulars: { ...weekly.regulars, on: true, ...regulars } });

describe("repeatInput", () => {
  it("sends no regulars' rule while Regulars first is off, whatever its fields hold", () => {
    expect(repeatInput({ ...weekly, regulars: { ...weekly.regulars, windowHours: "oops" } })).toEqual({ ends: "after_games", gameCount: "8", opensDaysBefore: "6" });
    expect(repeatInput({ ...weekly, ends: "on_date", endDate: "2030-03-01" })).toEqual({ ends: "on_date", endDate: "2030-03-01", opensDaysBefore: "6" });
  });

  it("sends the rule as typed once ticked, starting from 24 hours, 3 of the last 4 games, 70 %", () => {
    expect(repeatInput(withRegulars({}))).toEqual({
      ends: "after_games",
      gameCount: "8",
      opensDaysBefore: "6",
      regulars: { windowHours: "24", minGames: "3", ofLast: "4", maxPercent: "70" },
    });
  });

  it("is read by the shared schema as the server reads it: hours to minutes", () => {
    const parsed = createSeriesSchemaFor("cad").parse({ ...game, repeat: repeatInput(withRegulars({ windowHours: "48", maxPercent: "50" })) });
    expect(parsed.repeat.regulars).toEqual({ windowMinutes: 48 * 60, minGames: 3, ofLast: 4, maxPercent: 50 });
    expect(createSeriesSchemaFor("cad").parse({ ...game, repeat: repeatInput(weekly) }).repeat.regulars).toBeNull();
  });
});

describe("checkRepeat", () => {
  it("passes the defaults, with or without regulars", () => {
    expect(checkRepeat(game, weekly, "cad")).toEqual({ message: null, errors: {} });
    expect(checkRepeat(game, withRegulars({}), "cad")).toEqual({ message: null, errors: {} });
  });

  it("puts each of the regulars' limits on its field, the first as the form's message", () => {
    expect(checkRepeat(game, withRegulars({ windowHours: "0", maxPercent: "5" }), "cad")).toEqual({
      message: english(REGULARS_WINDOW_RANGE),
      errors: { "regulars.windowHours": english(REGULARS_WINDOW_RANGE), "regulars.maxPercent": english(REGULARS_SHARE_RANGE) },
    });
    expect(checkRepeat(game, withRegulars({ windowHours: "169" }), "cad").errors).toEqual({ "regulars.windowHours": english(REGULARS_WINDOW_RANGE) });
    expect(checkRepeat(game, withRegulars({ maxPercent: "101" }), "cad").errors).toEqual({ "regulars.maxPercent": english(REGULARS_SHARE_RANGE) });
    expect(checkRepeat(game, withRegulars({ ofLast: "13" }), "cad").errors).toEqual({ "regulars.ofLast": english(REGULARS_OF_LAST_RANGE) });
    expect(checkRepeat(game, withRegulars({ windowHours: "1.5" }), "cad").errors).toEqual({ "regulars.windowHours": english(REGULARS_WINDOW_RANGE) });
  });

  it("wants no more games played than games counted", () => {
    expect(checkRepeat(game, withRegulars({ minGames: "5", ofLast: "4" }), "cad")).toEqual({
      message: english(REGULARS_MIN_GAMES_RANGE),
      errors: { "regulars.minGames": english(REGULARS_MIN_GAMES_RANGE) },
    });
    expect(checkRepeat(game, withRegulars({ minGames: "0" }), "cad").errors).toEqual({ "regulars.minGames": english(REGULARS_MIN_GAMES_RANGE) });
    expect(checkRepeat(game, withRegulars({ minGames: "4", ofLast: "4" }), "cad").message).toBeNull();
  });

  it("ignores the regulars' fields while Regulars first is off", () => {
    expect(checkRepeat(game, { ...weekly, regulars: { ...weekly.regulars, windowHours: "0" } }, "cad")).toEqual({ message: null, errors: {} });
  });

  it("puts the repeat's own limits on their fields too", () => {
    expect(checkRepeat(game, { ...weekly, gameCount: "500", opensDaysBefore: "0" }, "cad").errors).toEqual({
      gameCount: "The number of games must be between 1 and 104",
      opensDaysBefore: "Registration must open between 1 and 28 days before kick-off",
    });
    expect(checkRepeat(game, { ...weekly, ends: "on_date", endDate: "2030-01-01" }, "cad").errors).toEqual({ endDate: "The last date must be on or after the first game's date" });
  });
});

describe("repeatErrorsOfServer", () => {
  it("takes the repeat's fields of a 400, without their prefix, and leaves the game's to the form", () => {
    expect(
      repeatErrorsOfServer({
        title: "Title is required",
        "repeat.regulars.windowHours": "L’avance des habitués doit être entre 1 et 168 heures",
        "repeat.regulars.minGames": english(REGULARS_MIN_GAMES_RANGE),
        "repeat.gameCount": "The number of games must be between 1 and 104",
        "repeat.unknown": "?",
      }),
    ).toEqual({
      "regulars.windowHours": "L’avance des habitués doit être entre 1 et 168 heures",
      "regulars.minGames": english(REGULARS_MIN_GAMES_RANGE),
      gameCount: "The number of games must be between 1 and 104",
    });
    expect(repeatErrorsOfServer(undefined)).toEqual({});
  });
});
