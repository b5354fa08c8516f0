import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GUEST_NAME_NOT_ALLOWED } from "#shared/guests.ts";
import { insertGame, join, registrationsOf } from "#test/payments.ts";
import { ADMIN_EMAIL, createTestContext, signUpVerified, type TestClient, type TestContext } from "#test/test-app.ts";
import { english } from "#test/shared-english.ts";

/**
 * A guest's name is one line (issue 30): a line break in it ("Sam\r\nBcc: x@example.com") is refused
 * like the other control characters, 400 with the message under the field, and nothing is written.
 * A game's notes, written on several lines, keep their line breaks.
 */
let context: TestContext;
let admin: TestClient;
beforeAll(async () => {
  context = await createTestContext();
  admin = (await signUpVerified(context, { email: ADMIN_EMAIL })).client;
});
afterAll(async () => {
  await context.close();
});

type ErrorBody = { error?: { code: string; message: string; fields?: Record<string, string> } };

describe("a guest's name is one line", () => {
  it.each([
    ["a CR LF in the first name", { firstName: "Sam\r\nBcc: x@example.com" }, "guests.0.firstName"],
    ["a LF in the first name", { firstName: "Sam\nStone" }, "guests.0.firstName"],
    ["a CR in the last name", { firstName: "Sam", lastName: "Stone\rBcc: x@example.com" }, "guests.0.lastName"],
    ["a Unicode line separator", { firstName: "Sam\u2028Stone" }, "guests.0.firstName"],
    ["a NUL, as before", { firstName: "Sam\u0000" }, "guests.0.firstName"],
  ])("refuses %s: 400 with the message under the field, nothing written", async (_what, guest, field) => {
    const game = await insertGame(context, { costCents: 0, maxGuestsPerPlayer: 2 });
    const { client } = await signUpVerified(context);
    const refused = await join(client, game.id, { role: "player", guests: [guest] });
    expect(refused.status).toBe(400);
    expect((refused.body as ErrorBody).error).toMatchObject({ code: "validation", message: english(GUEST_NAME_NOT_ALLOWED), fields: { [field]: english(GUEST_NAME_NOT_ALLOWED) } });
    expect(await registrationsOf(context, game.id)).toEqual([]);
  });

  it("still takes a name with spaces, accents and a trailing line break trimmed away", async () => {
    const game = await insertGame(context, { costCents: 0, maxGuestsPerPlayer: 2 });
    const { client } = await signUpVerified(context);
    const joined = await join(client, game.id, { role: "player", guests: [{ firstName: "Zoë\n", lastName: " O'Brien-Ünal " }] });
    expect(joined.status).toBe(201);
  });

  it("leaves a game's notes on several lines", async () => {
    const game = await insertGame(context, { costCents: 0 });
    const notes = "Bring a dark and a light shirt.\r\nParking behind the mill.";
    const response = await admin.json<{ event: { notes: string } }>("PATCH", `/api/events/${game.id}`, {
      title: game.title,
      date: "2099-06-01",
      time: "18:00",
      timeZone: game.timeZone,
      durationHours: 1,
      durationMinutes: 30,
      location: { name: game.locationName, latitude: game.latitude, longitude: game.longitude },
      field: "",
      notes,
      cost: "0",
      maxPlayers: game.maxPlayers,
      includeGoalkeepers: false,
      goalkeeperCost: "",
      maxGoalkeepers: 2,
      maxGuestsPerPlayer: 0,
    });
    expect(response.status).toBe(200);
    expect(response.body.event.notes).toBe(notes);
  });
});
