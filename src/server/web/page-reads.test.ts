import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionReader } from "#server/auth/session.ts";
import { publicConfig } from "#server/public-config.ts";
import { insertEvent, insertRegistration } from "#test/seed-events.ts";
import { createTestContext, signUpVerified, TestClient, type TestContext } from "#test/test-app.ts";
import { pageReads } from "./page-reads.ts";

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

/** The viewer a page's request carries, checked once as the page does (render-page.ts). */
async function viewerOf(client: TestClient | undefined) {
  const cookie = client ? [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ") : undefined;
  return sessionReader(context.services).viewer(cookie);
}

describe("the reads of a page rendered on the server", () => {
  it("answer what the API answers the same viewer, read by read (one data path)", async () => {
    const { client, userId } = await signUpVerified(context);
    const game = await insertEvent(context.database.db, { title: "Tuesday five-a-side" });
    await insertRegistration(context.database.db, { eventId: game.id, userId, status: "confirmed" });
    const reads = pageReads({ ...context.services, publicConfig: publicConfig(context.config) });
    const viewer = await viewerOf(client);
    expect(viewer).toMatchObject({ id: userId, emailVerified: true, hasPassword: true });

    for (const path of ["/api/me", "/api/config", `/api/events/${game.id}`, "/api/events?scope=upcoming", "/api/me/registrations"]) {
      const fromApi = await client.json("GET", path);
      expect(fromApi.status, path).toBe(200);
      const fromPage = await reads.answer(path, viewer);
      expect(fromPage.status, path).toBe(200);
      expect(JSON.parse(await fromPage.text()), path).toEqual(fromApi.body);
    }
    expect(JSON.parse(await (await reads.answer("/api/me", viewer)).text())).toMatchObject({ user: { id: userId, hasPassword: true } });
  });

  it("keep the API's rules: a game's detail and the viewer's registrations need a verified account", async () => {
    const game = await insertEvent(context.database.db);
    const reads = pageReads({ ...context.services, publicConfig: publicConfig(context.config) });
    const signedOut = await viewerOf(undefined);
    expect(signedOut).toBeNull();
    expect(JSON.parse(await (await reads.answer("/api/me", signedOut)).text())).toEqual({ user: null });
    for (const path of [`/api/events/${game.id}`, "/api/me/registrations"]) {
      const fromApi = await new TestClient(context).get(path);
      const fromPage = await reads.answer(path, signedOut);
      expect(fromPage.ok, path).toBe(false);
      expect(fromPage.status, path).toBe(fromApi.status);
    }
    // An unknown game is the API's 404; a read no page makes is a fault of the render.
    const { client } = await signUpVerified(context);
    const viewer = await viewerOf(client);
    expect((await reads.answer("/api/events/00000000-0000-4000-8000-000000000000", viewer)).status).toBe(404);
    await expect(reads.answer("/api/me/events", viewer)).rejects.toThrow(/does not answer/);
  });
});
