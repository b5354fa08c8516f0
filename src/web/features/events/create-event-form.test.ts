import { describe, expect, it } from "vitest";
import { ALL_FIELDS_REQUIRED, DATE_IN_PAST, EVENT_LIMITS, LATITUDE_RANGE } from "#shared/events.ts";
import { GUEST_LIMIT_MESSAGE } from "#shared/guests.ts";
import { makeEvent } from "#test/web-fixtures.ts";
import {
  checkCreateEvent,
  enterVenueManually,
  fieldMessagesOfServerError,
  fieldsOfServerError,
  formOfEvent,
  type FormState,
  initialFormState,
  initialLocation,
  type LocationDraft,
  readLocation,
} from "./create-event-form.ts";
import { SHORT_LINK } from "./map-link.ts";
import { english } from "#test/shared-english.ts";

const now = new Date("2030-05-01T12:00:00");
const filled: FormState = {
  ...initialFormState,
  title: "Tuesday Kickabout",
  date: "2030-05-14",
  time: "18:30",
  cost: "10",
  maxPlayers: "10",
};
const riverside = { name: "Riverside Park Pitch 3", latitude: 40.7812, longitude: -73.9665, source: "geocoder" as const };
const searched: LocationDraft = { ...initialLocation, place: riverside, searchText: riverside.name };
const typedIn: LocationDraft = { ...initialLocation, mode: "manual", venueName: "Old Mill Field, Mill Lane", coordinates: "51.5074, -0.1278" };
const check = (form: FormState, location: LocationDraft, currency = "cad") => checkCreateEvent(form, location, { timeZone: "UTC", now, currency });

describe("Event Location", () => {
  it("takes the place picked from the search", () => {
    expect(readLocation(searched)).toEqual({ location: { name: riverside.name, latitude: 40.7812, longitude: -73.9665 }, missing: [] });
    expect(readLocation({ ...searched, place: null })).toEqual({ missing: ["location"] });
  });

  it("takes a venue typed in with coordinates or a map link, without any place search", () => {
    expect(readLocation(typedIn)).toEqual({ location: { name: "Old Mill Field, Mill Lane", latitude: 51.5074, longitude: -0.1278 }, missing: [] });
    const link = { ...typedIn, coordinates: "https://www.google.com/maps/place/Old+Mill/@51.50,-0.12,17z/data=!3d51.5074!4d-0.1278" };
    expect(readLocation(link).location).toEqual({ name: "Old Mill Field, Mill Lane", latitude: 51.5074, longitude: -0.1278 });
  });

  it("names the blank or unreadable part of a venue typed in", () => {
    expect(readLocation({ ...typedIn, venueName: "  " })).toEqual({ missing: ["venueName"], location: undefined });
    expect(readLocation({ ...typedIn, coordinates: "https://maps.app.goo.gl/abc" })).toEqual({
      missing: [],
      problem: { field: "coordinates", message: SHORT_LINK },
    });
  });

  it("takes a name and address alone, with no point: no coordinates are needed (decision 021)", () => {
    expect(readLocation({ ...typedIn, coordinates: " " })).toEqual({ missing: [], location: { name: "Old Mill Field, Mill Lane", latitude: null, longitude: null } });
    expect(check(filled, { ...typedIn, coordinates: "" })).toMatchObject({ ok: true, input: { location: { name: "Old Mill Field, Mill Lane", latitude: null, longitude: null } } });
  });

  it("starts typing the venue in from what the search has", () => {
    expect(enterVenueManually(searched)).toMatchObject({ mode: "manual", venueName: riverside.name, coordinates: "40.7812, -73.9665" });
    expect(enterVenueManually({ ...initialLocation, searchText: " Old Mill " })).toMatchObject({ venueName: "Old Mill", coordinates: "" });
    // What was typed in before is kept.
    expect(enterVenueManually({ ...typedIn, mode: "search", place: riverside })).toMatchObject({ venueName: typedIn.venueName, coordinates: typedIn.coordinates });
  });
});

describe("checkCreateEvent: what the server checks, before sending", () => {
  it("passes a complete form, with either kind of location", () => {
    expect(check(filled, searched)).toMatchObject({ ok: true, input: { location: { name: riverside.name } } });
    expect(check(filled, typedIn)).toMatchObject({ ok: true, input: { location: { latitude: 51.5074, longitude: -0.1278 } } });
  });

  it("says 'All fields are required' and names every blank field in the form's order", () => {
    expect(check({ ...filled, title: "", cost: "" }, { ...searched, place: null })).toEqual({
      ok: false,
      message: `${english(ALL_FIELDS_REQUIRED)}. Missing: Title, Event Location, Cost.`,
      fields: ["title", "location", "cost"],
    });
    expect(check({ ...filled, maxPlayers: " " }, { ...typedIn, venueName: "", coordinates: "" })).toEqual({
      ok: false,
      message: `${english(ALL_FIELDS_REQUIRED)}. Missing: Venue name and address, Max Players.`,
      fields: ["venueName", "maxPlayers"],
    });
  });

  it("lets an edited game keep a start that has passed, but not move to another past one", () => {
    const started = { ...filled, date: "2030-05-01", time: "11:00" };
    const options = { timeZone: "UTC", now, currency: "cad", keepStart: { date: "2030-05-01", time: "11:00" } };
    expect(checkCreateEvent(started, searched, options)).toMatchObject({ ok: true });
    expect(checkCreateEvent({ ...started, time: "10:00" }, searched, options)).toEqual({ ok: false, message: english(DATE_IN_PAST), fields: ["date", "time"] });
  });

  it("refuses a start in the past with the product's message", () => {
    expect(check({ ...filled, date: "2030-04-30" }, searched)).toEqual({ ok: false, message: english(DATE_IN_PAST), fields: ["date", "time"] });
  });

  it("flags max players beyond the server's limit, and below 1", () => {
    expect(check({ ...filled, maxPlayers: String(EVENT_LIMITS.maxPlayers + 1) }, searched)).toEqual({
      ok: false,
      message: `Max players must be at most ${EVENT_LIMITS.maxPlayers}`,
      fields: ["maxPlayers"],
    });
    expect(check({ ...filled, maxPlayers: String(EVENT_LIMITS.maxPlayers) }, searched).ok).toBe(true);
    expect(check({ ...filled, maxPlayers: "0" }, searched)).toEqual({ ok: false, message: "Max players must be at least 1", fields: ["maxPlayers"] });
  });

  it("flags the goalkeeper and duration limits the server has", () => {
    const keepers = { ...filled, includeGoalkeepers: true };
    expect(check({ ...keepers, maxGoalkeepers: "101" }, searched)).toMatchObject({ message: "Max goalkeepers must be at most 100", fields: ["maxGoalkeepers"] });
    expect(check({ ...filled, durationHours: "24", durationMinutes: "1" }, searched)).toMatchObject({
      message: "The duration must be 24 hours or less",
      fields: ["durationHours"],
    });
  });

  it("flags a paid price below the minimum charge of the app's currency, on its field", () => {
    expect(check({ ...filled, cost: "0.30" }, searched)).toEqual({ ok: false, message: "The price must be free or at least $0.50.", fields: ["cost"] });
    expect(check({ ...filled, includeGoalkeepers: true, goalkeeperCost: "0.3" }, searched)).toEqual({
      ok: false,
      message: "The price must be free or at least $0.50.",
      fields: ["goalkeeperCost"],
    });
    expect(check({ ...filled, cost: "0.30" }, searched, "gbp").ok).toBe(true);
    expect(check({ ...filled, cost: "0.30" }, searched, "eur")).toMatchObject({ message: "The price must be free or at least €0.50." });
    expect(check({ ...filled, cost: "0" }, searched).ok).toBe(true);
  });

  it("says why a pasted point cannot be used, on the coordinates field", () => {
    expect(check(filled, { ...typedIn, coordinates: "91, 0" })).toEqual({ ok: false, message: english(LATITUDE_RANGE), fields: ["coordinates"] });
    expect(check(filled, { ...typedIn, coordinates: "https://maps.app.goo.gl/abc" })).toEqual({ ok: false, message: SHORT_LINK, fields: ["coordinates"] });
  });

  it("sends Guests per player, 0 to 5, and flags any other number on its field (src/shared/guests.ts)", () => {
    expect(check(filled, searched)).toMatchObject({ ok: true, input: { maxGuestsPerPlayer: "0" } });
    expect(check({ ...filled, maxGuestsPerPlayer: "2" }, searched)).toMatchObject({ ok: true, input: { maxGuestsPerPlayer: "2" } });
    expect(check({ ...filled, maxGuestsPerPlayer: "6" }, searched)).toEqual({ ok: false, message: english(GUEST_LIMIT_MESSAGE), fields: ["maxGuestsPerPlayer"] });
    expect(check({ ...filled, maxGuestsPerPlayer: "1.5" }, searched)).toEqual({ ok: false, message: english(GUEST_LIMIT_MESSAGE), fields: ["maxGuestsPerPlayer"] });
    expect(check({ ...filled, maxGuestsPerPlayer: "" }, searched)).toEqual({
      ok: false,
      message: `${english(ALL_FIELDS_REQUIRED)}. Missing: Guests per player.`,
      fields: ["maxGuestsPerPlayer"],
    });
  });

  it("puts the schema's complaint about a typed-in name on the name field", () => {
    expect(check(filled, { ...typedIn, venueName: "x".repeat(301) })).toEqual({ ok: false, message: "The venue's name is too long", fields: ["venueName"] });
  });
});

describe("checkCreateEvent: game on (docs/game-on.md)", () => {
  const gameOn = { ...filled, gameOn: true, gameOnMinPlayers: "8", gameOnDecideHours: "24" };

  it("sends the minimum and the hours, and no goalkeepers needed while the field is blank or the game has none", () => {
    expect(check(gameOn, searched)).toMatchObject({ ok: true, input: { gameOnMinPlayers: 8, gameOnMinGoalkeepers: null, gameOnDecideHours: 24 } });
    // Goalkeepers needed on a game without goalkeeper spots is left out, not refused.
    expect(check({ ...gameOn, gameOnMinGoalkeepers: "1" }, searched)).toMatchObject({ ok: true, input: { gameOnMinGoalkeepers: null } });
    const keepers = { ...gameOn, includeGoalkeepers: true, maxGoalkeepers: "2" };
    expect(check({ ...keepers, gameOnMinGoalkeepers: " " }, searched)).toMatchObject({ ok: true, input: { gameOnMinGoalkeepers: null } });
    expect(check({ ...keepers, gameOnMinGoalkeepers: "2" }, searched)).toMatchObject({ ok: true, input: { gameOnMinGoalkeepers: 2 } });
    // Turned off, nothing of it is sent, whatever was typed.
    expect(check({ ...keepers, gameOn: false, gameOnMinGoalkeepers: "2" }, searched)).toMatchObject({ ok: true, input: { gameOnMinPlayers: null, gameOnMinGoalkeepers: null } });
  });

  it("refuses more goalkeepers needed than goalkeeper spots, or a word, under that field", () => {
    const keepers = { ...gameOn, includeGoalkeepers: true, maxGoalkeepers: "2" };
    const tooMany = "The goalkeepers needed must be a whole number, at most the goalkeeper spots.";
    expect(check({ ...keepers, gameOnMinGoalkeepers: "3" }, searched)).toEqual({ ok: false, message: tooMany, fields: ["gameOnMinGoalkeepers"] });
    expect(check({ ...keepers, gameOnMinGoalkeepers: "one" }, searched)).toEqual({ ok: false, message: tooMany, fields: ["gameOnMinGoalkeepers"] });
    // A blank minimum of players or hours says its own field's words, not the schema library's.
    expect(check({ ...gameOn, gameOnMinPlayers: "" }, searched)).toMatchObject({ ok: false, fields: ["gameOnMinPlayers"], message: expect.stringMatching(/^The players needed/) });
    expect(check({ ...gameOn, gameOnDecideHours: "soon" }, searched)).toMatchObject({ ok: false, fields: ["gameOnDecideHours"], message: "Decide between 2 and 168 hours before kick-off." });
  });

  it("fills the edit form from a game-on game, goalkeepers needed included", () => {
    const game = makeEvent({ includeGoalkeepers: true, maxGoalkeepers: 2 });
    const decidesAt = new Date(new Date(game.startsAt).getTime() - 24 * 3_600_000).toISOString();
    const { form } = formOfEvent({ ...game, gameOn: { minPlayers: 8, minGoalkeepers: 1, decideHours: 24, decidesAt, state: "open", pitchCostCents: null } });
    expect(form).toMatchObject({ gameOn: true, gameOnMinPlayers: "8", gameOnMinGoalkeepers: "1", gameOnDecideHours: "24", pitchCost: "" });
  });
});

describe("fieldsOfServerError", () => {
  it("marks the fields a 400 names, Event Location's parts included", () => {
    expect(fieldsOfServerError({ maxPlayers: "x", title: "y" }, "search")).toEqual(["title", "maxPlayers"]);
    expect(fieldsOfServerError({ "location.latitude": "x" }, "search")).toEqual(["location"]);
    expect(fieldsOfServerError({ "location.latitude": "x", "location.name": "y" }, "manual")).toEqual(["venueName", "coordinates"]);
    expect(fieldsOfServerError({ timeZone: "x", _: "y" }, "manual")).toEqual([]);
    expect(fieldsOfServerError(undefined, "manual")).toEqual([]);
  });

  it("keeps what the server said about each field, for the message under it (a waiting party refusing a lower capacity)", () => {
    const party = "A party of 3 is waiting for a player spot: keep at least 3 player spots.";
    expect(fieldMessagesOfServerError({ maxPlayers: party }, "search")).toEqual({ maxPlayers: party });
    expect(fieldMessagesOfServerError({ "location.name": "Too long", maxGoalkeepers: "At most 100" }, "manual")).toEqual({ venueName: "Too long", maxGoalkeepers: "At most 100" });
    expect(fieldMessagesOfServerError({ timeZone: "x" }, "manual")).toEqual({});
    expect(fieldMessagesOfServerError(undefined, "manual")).toEqual({});
  });
});

describe("formOfEvent: the edit form filled in from a game", () => {
  it("reads the date and time on the game's own clock and the venue as typed in, with its point", () => {
    const game = makeEvent({
      startsAt: "2030-05-14T22:30:00.000Z",
      endsAt: "2030-05-15T00:00:00.000Z",
      timeZone: "America/New_York",
      durationMinutes: 90,
      latitude: 40.7812,
      longitude: -73.9665,
      notes: "Bibs provided.",
      costCents: 1250,
      goalkeeperCostCents: 0,
    });
    const { form, location } = formOfEvent({ ...game, maxGuestsPerPlayer: 2 });
    expect(form).toMatchObject({
      date: "2030-05-14",
      time: "18:30",
      durationHours: "1",
      durationMinutes: "30",
      notes: "Bibs provided.",
      cost: "12.50",
      goalkeeperCost: "",
      maxGuestsPerPlayer: "2",
    });
    expect(location).toMatchObject({ mode: "manual", venueName: "Riverside Park", coordinates: "40.7812, -73.9665" });
    // Sent back unchanged, it passes the same checks as a new game.
    expect(checkCreateEvent(form, location, { timeZone: game.timeZone, now, currency: "cad" })).toMatchObject({ ok: true });
  });

  it("leaves the coordinates blank for a venue without a point", () => {
    expect(formOfEvent(makeEvent({ latitude: null, longitude: null })).location.coordinates).toBe("");
  });
});
