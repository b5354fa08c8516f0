import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signUpVerified, TestClient, type TestContext } from "#test/test-app.ts";

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

describe("PATCH /api/me/language", () => {
  it("saves the choice on the account, where a new login finds it, and in the browser's cookie", async () => {
    const { client, email, password } = await signUpVerified(context);
    expect((await client.json<{ user: { language: string | null } }>("GET", "/api/me")).body.user.language).toBeNull();

    const saved = await client.json("PATCH", "/api/me/language", { language: "fr" });
    expect(saved).toEqual({ status: 200, body: { language: "fr" } });
    expect(client.cookies.get("kickoff_lang")).toBe("fr");

    const elsewhere = new TestClient(context);
    expect((await elsewhere.json("POST", "/api/auth/sign-in/email", { email, password })).status).toBe(200);
    expect((await elsewhere.json<{ user: { language: string } }>("GET", "/api/me")).body.user.language).toBe("fr");
  });

  it("refuses a language the app does not speak, and anyone signed out", async () => {
    const { client } = await signUpVerified(context);
    const wrong = await client.json<{ error: { code: string; fields?: Record<string, string> } }>("PATCH", "/api/me/language", { language: "de" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toHaveProperty("language");
    expect((await new TestClient(context).json("PATCH", "/api/me/language", { language: "fr" })).status).toBe(401);
  });
});
