import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signUpVerified, TestClient, type TestClient as Client, type TestContext, uniqueEmail } from "#test/test-app.ts";

/**
 * The API's error answers in the request's language: French for `Accept-Language: fr-CA` (what the
 * web app sends) or the `kickoff_lang=fr` cookie, English otherwise, unchanged.
 */
interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

const FRENCH = { "accept-language": "fr-CA,fr;q=0.9,en;q=0.5" };
const ENGLISH = { "accept-language": "en-CA,en;q=0.9" };
const UNKNOWN_EVENT = "/api/events/00000000-0000-4000-8000-000000000000/registrations";

let context: TestContext;
let player: Client;
beforeAll(async () => {
  context = await createTestContext({ RATE_LIMIT_SIGN_IN: "2" });
  player = (await signUpVerified(context)).client;
});
afterAll(async () => {
  await context.close();
});

async function errorOf(response: Response) {
  return { status: response.status, ...((await response.json()) as ErrorBody).error };
}

describe("a rule error", () => {
  const join = (headers: Record<string, string>) => player.request("POST", UNKNOWN_EVENT, { role: "player" }, headers);

  it("is in French for Accept-Language: fr-CA", async () => {
    expect(await errorOf(await join(FRENCH))).toMatchObject({ status: 404, code: "not_found", message: "Partie introuvable." });
  });

  it("is in French for the language cookie, whatever the browser says", async () => {
    player.cookies.set("kickoff_lang", "fr");
    try {
      expect(await errorOf(await join(ENGLISH))).toMatchObject({ status: 404, message: "Partie introuvable." });
    } finally {
      player.cookies.delete("kickoff_lang");
    }
  });

  it("stays in English for an English request, and for one that names no language", async () => {
    expect(await errorOf(await join(ENGLISH))).toMatchObject({ status: 404, code: "not_found", message: "Event not found." });
    expect(await errorOf(await join({}))).toMatchObject({ message: "Event not found." });
  });
});

describe("a validation error", () => {
  const rename = (body: Record<string, unknown>, headers: Record<string, string>) => player.request("PATCH", "/api/me/name", body, headers);

  it("has its message and every field in French", async () => {
    const answer = await errorOf(await rename({ firstName: " ", lastName: "x".repeat(81) }, FRENCH));
    expect(answer).toMatchObject({ status: 400, code: "validation", message: "Le champ « Prénom » est obligatoire" });
    expect(answer.fields).toEqual({ firstName: "Le champ « Prénom » est obligatoire", lastName: "Le champ « Nom » est trop long" });
  });

  it("words zod's own messages in French too (a check that gives none of ours)", async () => {
    const answer = await errorOf(await player.request("PATCH", "/api/me/notifications", { notifyNewEvents: "yes" }, FRENCH));
    expect(answer.status).toBe(400);
    expect(answer.fields?.notifyNewEvents).toMatch(/^Entrée invalide : attendu boolean/);
  });

  it("is the English unchanged for an English request", async () => {
    const answer = await errorOf(await rename({ firstName: " ", lastName: "x".repeat(81) }, ENGLISH));
    expect(answer).toMatchObject({ message: "First name is required", fields: { firstName: "First name is required", lastName: "Last name is too long" } });
    const zod = await errorOf(await player.request("PATCH", "/api/me/notifications", { notifyNewEvents: "yes" }, ENGLISH));
    expect(zod.fields?.notifyNewEvents).toBe("Invalid input: expected boolean, received string");
  });
});

describe("better-auth's answers and the rate limit", () => {
  it("translates better-auth's refusal and a 429, keeping their codes and Retry-After", async () => {
    const client = new TestClient(context, { remoteAddress: "198.51.100.40" });
    const signIn = (headers: Record<string, string>) => client.request("POST", "/api/auth/sign-in/email", { email: uniqueEmail("nobody"), password: "wrong-password" }, headers);
    const english = await signIn(ENGLISH);
    expect(english.status).toBe(401);
    expect(await english.json()).toMatchObject({ code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" });
    const french = await signIn(FRENCH);
    expect(french.status).toBe(401);
    expect(await french.json()).toMatchObject({ code: "INVALID_EMAIL_OR_PASSWORD", message: "Adresse courriel ou mot de passe incorrect" });
    const limited = await signIn(FRENCH);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = await errorOf(limited);
    expect(body.code).toBe("rate_limited");
    expect(body.message).toMatch(/^Trop de tentatives\. Veuillez réessayer dans \d+ minutes?\.$/);
    expect((await errorOf(await signIn(ENGLISH))).message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
  });
});

describe("the app's own refusals inside better-auth", () => {
  it("are worded in the request's language where they are thrown", async () => {
    const client = new TestClient(context, { remoteAddress: "198.51.100.41" });
    const signUp = (headers: Record<string, string>) =>
      client.request("POST", "/api/auth/sign-up/email", { email: uniqueEmail("nameless"), password: "a-long-password", firstName: " ", lastName: "Lee", name: "x" }, headers);
    expect(await (await signUp(ENGLISH)).json()).toMatchObject({ message: "First name is required" });
    expect(await (await signUp(FRENCH)).json()).toMatchObject({ message: "Le champ « Prénom » est obligatoire" });
    const rename = await player.request("POST", "/api/auth/update-user", { firstName: "Ann" }, FRENCH);
    expect(rename.status).toBe(403);
    expect(await rename.json()).toMatchObject({ message: "Utilisez la page Profil pour changer votre nom." });
  });
});
