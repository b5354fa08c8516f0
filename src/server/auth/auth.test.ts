import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#server/app.ts";
import { insertEvent } from "#test/seed-events.ts";
import { createSmtpMailer } from "#server/mail/mailer.ts";
import { createContext } from "#server/context.ts";
import { SESSION_CACHE_TTL_MS } from "./session.ts";
import { ADMIN_EMAIL, createTestContext, followLink, signUpVerified, TestClient, TEST_PASSWORD, uniqueEmail, type TestContext } from "#test/test-app.ts";

/** A row changed behind the app's back counts once the session the app keeps has expired (decision 010). */
const waitOutSessionCache = () => new Promise((resolve) => setTimeout(resolve, SESSION_CACHE_TTL_MS + 50));

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

describe("sign-up and verification", () => {
  it("refuses sign-in before the email is verified, then allows it after the mailed link", async () => {
    const email = uniqueEmail();
    const client = new TestClient(context);
    const signUp = await client.json("POST", "/api/auth/sign-up/email", {
      email,
      password: TEST_PASSWORD,
      name: "x",
      firstName: "Ann",
      lastName: "Lee",
    });
    expect(signUp.status).toBe(200);

    const refused = await client.json<{ code: string }>("POST", "/api/auth/sign-in/email", { email, password: TEST_PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("EMAIL_NOT_VERIFIED");
    expect((await client.json<{ user: null }>("GET", "/api/me")).body.user).toBeNull();

    const mail = await context.mail.waitFor(email, "verify");
    const link = mail.links.find((candidate) => candidate.includes("/api/auth/verify-email"));
    expect(link).toBeDefined();
    const verified = await followLink(new TestClient(context), link!);
    expect(verified.status).toBe(302);

    const signIn = await client.json("POST", "/api/auth/sign-in/email", { email, password: TEST_PASSWORD });
    expect(signIn.status).toBe(200);
    const me = await client.json<{ user: Record<string, unknown> }>("GET", "/api/me");
    expect(me.body.user).toMatchObject({ email, emailVerified: true, firstName: "Ann", lastName: "Lee", name: "Ann Lee", isAdmin: false });
  });

  it("requires first and last name on sign-up", async () => {
    const client = new TestClient(context);
    const response = await client.json<{ message: string }>("POST", "/api/auth/sign-up/email", {
      email: uniqueEmail(),
      password: TEST_PASSWORD,
      name: "x",
      firstName: "  ",
      lastName: "Lee",
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("First name is required");
  });
});

describe("admin flag", () => {
  it("is set by the server for ADMIN_EMAILS, case-insensitively", async () => {
    const { client } = await signUpVerified(context, { email: ADMIN_EMAIL.toUpperCase() });
    const me = await client.json<{ user: { isAdmin: boolean } }>("GET", "/api/me");
    expect(me.body.user.isAdmin).toBe(true);
  });
});

describe("password reset", () => {
  it("sends a reset mail whose link sets a new password", async () => {
    const { email } = await signUpVerified(context);
    const client = new TestClient(context);
    const before = context.mail.mails.length;
    const request = await client.json("POST", "/api/auth/request-password-reset", { email, redirectTo: "/reset-password" });
    expect(request.status).toBe(200);
    const mail = await context.mail.waitFor(email, "reset", { after: before });
    const link = mail.links.find((candidate) => candidate.includes("/api/auth/reset-password/"));
    expect(link).toBeDefined();
    const redirect = await followLink(client, link!);
    expect(redirect.status).toBe(302);
    const target = new URL(redirect.headers.get("location")!, "http://localhost:3000");
    expect(target.pathname).toBe("/reset-password");
    const token = target.searchParams.get("token");
    expect(token).toBeTruthy();

    const reset = await client.json("POST", "/api/auth/reset-password", { token, newPassword: "a-brand-new-pass" });
    expect(reset.status).toBe(200);
    expect((await client.json("POST", "/api/auth/sign-in/email", { email, password: TEST_PASSWORD })).status).toBe(401);
    expect((await client.json("POST", "/api/auth/sign-in/email", { email, password: "a-brand-new-pass" })).status).toBe(200);
  });
});

describe("profile", () => {
  it("updates the name and the display name", async () => {
    const { client } = await signUpVerified(context);
    const updated = await client.json("PATCH", "/api/me/name", { firstName: "Maria", lastName: "da Silva" });
    expect(updated.status).toBe(200);
    const me = await client.json<{ user: Record<string, unknown> }>("GET", "/api/me");
    expect(me.body.user).toMatchObject({ firstName: "Maria", lastName: "da Silva", name: "Maria da Silva" });
  });

  it("rejects blank names with a field message, and name changes through better-auth's own endpoint", async () => {
    const { client } = await signUpVerified(context);
    const blank = await client.json<{ error: { code: string; fields: Record<string, string> } }>("PATCH", "/api/me/name", {
      firstName: "Ann",
      lastName: "",
    });
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields.lastName).toBe("Last name is required");
    const bypass = await client.json("POST", "/api/auth/update-user", { firstName: "" });
    expect(bypass.status).toBe(403);
  });

  it("changes the email only with the current password, then requires verifying the new address", async () => {
    const { client } = await signUpVerified(context);
    const newEmail = uniqueEmail("moved");
    const wrong = await client.json<{ error: { message: string } }>("POST", "/api/me/email", { currentPassword: "nope", newEmail });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe("The current password is incorrect.");

    const before = context.mail.mails.length;
    const changed = await client.json("POST", "/api/me/email", { currentPassword: TEST_PASSWORD, newEmail });
    expect(changed.status).toBe(200);
    const me = await client.json<{ user: Record<string, unknown> }>("GET", "/api/me");
    expect(me.body.user).toMatchObject({ email: newEmail, emailVerified: false });

    const mail = await context.mail.waitFor(newEmail, "verify", { after: before });
    const link = mail.links.find((candidate) => candidate.includes("/api/auth/verify-email"))!;
    expect((await followLink(client, link)).status).toBe(302);
    const after = await client.json<{ user: Record<string, unknown> }>("GET", "/api/me");
    expect(after.body.user).toMatchObject({ email: newEmail, emailVerified: true });
  });

  it("changes the email even when the mail server is down, leaving Resend to try again", async () => {
    const { client, userId } = await signUpVerified(context);
    const down = createContext(context.config, context.database, { mailer: createSmtpMailer("smtp://127.0.0.1:1", "down@example.com") });
    const offline = new TestClient({ ...context, app: createApp(down) });
    for (const [name, value] of client.cookies) offline.cookies.set(name, value);
    const newEmail = uniqueEmail("offline");
    const changed = await offline.json("POST", "/api/me/email", { currentPassword: TEST_PASSWORD, newEmail });
    down.mailer.close();
    expect(changed.status).toBe(200);
    const { rows } = await context.database.pool.query(`select email, email_verified from "user" where id = $1`, [userId]);
    expect(rows[0]).toEqual({ email: newEmail, email_verified: false });

    const before = context.mail.mails.length;
    expect((await client.json("POST", "/api/auth/send-verification-email", { email: newEmail, callbackURL: "/" })).status).toBe(200);
    await context.mail.waitFor(newEmail, "verify", { after: before });
  });

  it("refuses an email that another account uses", async () => {
    const other = await signUpVerified(context);
    const { client } = await signUpVerified(context);
    const taken = await client.json("POST", "/api/me/email", { currentPassword: TEST_PASSWORD, newEmail: other.email });
    expect(taken.status).toBe(409);
  });

  it("gives one of two accounts racing for the same new email a 409, never a 500", async () => {
    const [first, second] = await Promise.all([signUpVerified(context), signUpVerified(context)]);
    for (let round = 0; round < 5; round++) {
      const newEmail = uniqueEmail("contested");
      const answers = await Promise.all(
        [first, second].map(({ client }) => client.json("POST", "/api/me/email", { currentPassword: TEST_PASSWORD, newEmail })),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      // Back to verified for the next round (the loser still is).
      await context.database.pool.query(`update "user" set email_verified = true where id in ($1, $2)`, [first.userId, second.userId]);
    }
  });

  it("changes the password with the current one", async () => {
    const { client, email } = await signUpVerified(context);
    const wrong = await client.json("POST", "/api/auth/change-password", { currentPassword: "nope-nope", newPassword: "another-pass-1" });
    expect(wrong.status).toBe(400);
    const ok = await client.json("POST", "/api/auth/change-password", { currentPassword: TEST_PASSWORD, newPassword: "another-pass-1" });
    expect(ok.status).toBe(200);
    const fresh = new TestClient(context);
    expect((await fresh.json("POST", "/api/auth/sign-in/email", { email, password: "another-pass-1" })).status).toBe(200);
  });

  it("deletes the account with the current password, and the user's data is gone", async () => {
    const { client, email, userId } = await signUpVerified(context);
    const wrong = await client.json("POST", "/api/auth/delete-user", { password: "wrong-password" });
    expect(wrong.status).toBe(400);
    const deleted = await client.json("POST", "/api/auth/delete-user", { password: TEST_PASSWORD });
    expect(deleted.status).toBe(200);
    const { rows } = await context.database.pool.query(
      `select (select count(*) from "user" where id = $1) as users,
              (select count(*) from session where user_id = $1) as sessions,
              (select count(*) from account where user_id = $1) as accounts`,
      [userId],
    );
    expect(rows[0]).toEqual({ users: "0", sessions: "0", accounts: "0" });
    expect((await new TestClient(context).json("POST", "/api/auth/sign-in/email", { email, password: TEST_PASSWORD })).status).toBe(401);
  });
});

// docs/product-rules.md, "Accounts, profile and roles"; decision 008.
describe("sensitive account actions need the current password", () => {
  const usersWithId = async (userId: string) =>
    Number((await context.database.pool.query(`select count(*) from "user" where id = $1`, [userId])).rows[0].count);

  it.each<[string, Record<string, unknown>]>([
    ["no password", {}],
    ["an empty password", { password: "" }],
    ["a blank password and a made-up deletion token", { password: "", token: "guessed" }],
  ])("refuses to delete an account that has a password with %s", async (_label, body) => {
    const { client, userId } = await signUpVerified(context);
    const response = await client.json<{ message: string }>("POST", "/api/auth/delete-user", body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("Enter your current password to delete your account.");
    expect(await usersWithId(userId)).toBe(1);
  });

  it("deletes an account that signs in only with Google after a fresh sign-in, and asks for one otherwise", async () => {
    const { client, userId } = await signUpVerified(context);
    // What a Google-only account looks like: no credential row, a google one.
    await context.database.pool.query(`delete from account where user_id = $1`, [userId]);
    await context.database.pool.query(
      `insert into account (id, account_id, provider_id, user_id, created_at, updated_at) values ($1, $2, 'google', $3, now(), now())`,
      [`google-${userId}`, `sub-${userId}`, userId],
    );
    await context.database.pool.query(`update session set created_at = now() - interval '10 minutes' where user_id = $1`, [userId]);
    const stale = await client.json<{ message: string }>("POST", "/api/auth/delete-user", {});
    expect(stale.status).toBe(403);
    expect(stale.body.message).toBe("For your security, sign in again with Google, then delete your account within 5 minutes.");
    expect(await usersWithId(userId)).toBe(1);

    await context.database.pool.query(`update session set created_at = now() - interval '1 minute' where user_id = $1`, [userId]);
    expect((await client.json("POST", "/api/auth/delete-user", {})).status).toBe(200);
    expect(await usersWithId(userId)).toBe(0);
  });

  it("refuses a password change with an empty current password", async () => {
    const { client, email } = await signUpVerified(context);
    for (const currentPassword of ["", undefined]) {
      const response = await client.json("POST", "/api/auth/change-password", { currentPassword, newPassword: "taken-over-pass-1" });
      expect(response.status).toBe(400);
    }
    expect((await new TestClient(context).json("POST", "/api/auth/sign-in/email", { email, password: TEST_PASSWORD })).status).toBe(200);
  });

  it.each([
    // Email changes go through POST /api/me/email, which checks the password (decision 002).
    ["POST", "/api/auth/change-email", { newEmail: "thief@example.com", callbackURL: "/" }],
    // Signing out other devices, linking and unlinking sign-in methods, listing them: not features
    // of this app, so a stolen cookie cannot use them either (decision 008).
    ["POST", "/api/auth/revoke-sessions", {}],
    ["POST", "/api/auth/revoke-other-sessions", {}],
    ["POST", "/api/auth/revoke-session", { token: "x" }],
    ["GET", "/api/auth/list-sessions", undefined],
    ["POST", "/api/auth/unlink-account", { providerId: "credential" }],
    ["GET", "/api/auth/list-accounts", undefined],
    ["POST", "/api/auth/link-social", { provider: "google" }],
    ["GET", "/api/auth/account-info", undefined],
    ["POST", "/api/auth/get-access-token", { providerId: "google" }],
    ["POST", "/api/auth/refresh-token", { providerId: "google" }],
    ["POST", "/api/auth/update-session", {}],
    ["POST", "/api/auth/set-password", { newPassword: "taken-over-pass-1" }],
    ["POST", "/api/auth/verify-password", { password: TEST_PASSWORD }],
    ["GET", "/api/auth/delete-user/callback?token=x", undefined],
  ] as const)("closes %s %s to a signed-in user", async (method, path, body) => {
    const { client, userId, email } = await signUpVerified(context);
    const other = new TestClient(context);
    expect((await other.json("POST", "/api/auth/sign-in/email", { email, password: TEST_PASSWORD })).status).toBe(200);
    const response = await client.json<{ error: { code: string } }>(method, path, body as Record<string, unknown> | undefined);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: { code: "not_found", message: "Not found." } });
    const { rows } = await context.database.pool.query(
      `select (select email from "user" where id = $1) as email, (select count(*) from session where user_id = $1) as sessions,
              (select count(*) from account where user_id = $1 and provider_id = 'credential') as passwords`,
      [userId],
    );
    expect(rows[0]).toEqual({ email, sessions: "2", passwords: "1" });
  });
});

describe("deleting an organiser's account", () => {
  it("removes their name and email from the events they organised", async () => {
    const local = await createTestContext({ ADMIN_EMAILS: "organiser@example.com" });
    try {
      const { client } = await signUpVerified(local, { email: "organiser@example.com", firstName: "Olive", lastName: "Organiser" });
      const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
      const created = await client.json<{ event: { id: string; organizer: unknown } }>("POST", "/api/events", {
        title: "Farewell game",
        date,
        time: "12:00",
        timeZone: "UTC",
        durationHours: 1,
        durationMinutes: 0,
        location: { name: "Riverside Park", latitude: 40.78, longitude: -73.96 },
        cost: "0",
        maxPlayers: 10,
      });
      expect(created.body.event.organizer).toEqual({ name: "Olive Organiser", email: "organiser@example.com" });
      expect((await client.json("POST", "/api/auth/delete-user", { password: TEST_PASSWORD })).status).toBe(200);

      const viewer = (await signUpVerified(local)).client;
      const detail = await viewer.json<{ event: { organizer: unknown } }>("GET", `/api/events/${created.body.event.id}`);
      expect(detail.body.event.organizer).toBeNull();
      const { rows } = await local.database.pool.query(`select count(*) from event where organizer_email = $1 or organizer_name = $2`, [
        "organiser@example.com",
        "Olive Organiser",
      ]);
      expect(rows[0].count).toBe("0");
    } finally {
      await local.close();
    }
  });
});

describe("session idle limit on the server", () => {
  it("revokes a session unused for longer than SESSION_IDLE_MINUTES", async () => {
    const { client, userId } = await signUpVerified(context);
    expect((await client.json<{ user: unknown }>("GET", "/api/me")).body.user).not.toBeNull();
    // Age the session's last activity past the limit instead of waiting ten minutes.
    const idleMinutes = context.config.sessionIdleMs / 60_000 + 1;
    await context.database.pool.query(`update session set last_active_at = now() - make_interval(mins => $2) where user_id = $1`, [
      userId,
      idleMinutes,
    ]);
    await waitOutSessionCache();
    expect((await client.json<{ user: unknown }>("GET", "/api/me")).body.user).toBeNull();
    const { rows } = await context.database.pool.query(`select count(*) from session where user_id = $1`, [userId]);
    expect(rows[0].count).toBe("0");
  });

  it("makes an idle cookie worthless on better-auth's own endpoints too", async () => {
    const idleClient = async () => {
      const signedUp = await signUpVerified(context);
      const idleMinutes = context.config.sessionIdleMs / 60_000 + 1;
      await context.database.pool.query(`update session set last_active_at = now() - make_interval(mins => $2) where user_id = $1`, [
        signedUp.userId,
        idleMinutes,
      ]);
      return signedUp;
    };
    const sessionsOf = async (userId: string) =>
      Number((await context.database.pool.query(`select count(*) from session where user_id = $1`, [userId])).rows[0].count);

    const reader = await idleClient();
    const session = await reader.client.json("GET", "/api/auth/get-session");
    expect(session.status).toBe(200);
    expect(session.body).toBeNull();
    expect(await sessionsOf(reader.userId)).toBe(0);

    // The web app signs out when its own idle timer fires; that still answers 200.
    expect((await (await idleClient()).client.json("POST", "/api/auth/sign-out", {})).status).toBe(200);

    const changer = await idleClient();
    const change = await changer.client.json("POST", "/api/auth/change-password", { currentPassword: TEST_PASSWORD, newPassword: "stolen-cookie-pass" });
    expect(change.status).toBe(401);
    expect((await new TestClient(context).json("POST", "/api/auth/sign-in/email", { email: changer.email, password: TEST_PASSWORD })).status).toBe(200);

    const deleter = await idleClient();
    expect((await deleter.client.json("POST", "/api/auth/delete-user", { password: TEST_PASSWORD })).status).toBe(401);
    const { rows } = await context.database.pool.query(`select count(*) from "user" where id = $1`, [deleter.userId]);
    expect(rows[0].count).toBe("1");
  });

  it("keeps an active session alive and records the activity", async () => {
    const { client, userId } = await signUpVerified(context);
    await context.database.pool.query(`update session set last_active_at = now() - interval '5 minutes' where user_id = $1`, [userId]);
    expect((await client.json("POST", "/api/me/touch", {})).status).toBe(200);
    const { rows } = await context.database.pool.query(`select now() - last_active_at < interval '1 minute' as fresh from session where user_id = $1`, [
      userId,
    ]);
    expect(rows[0].fresh).toBe(true);
  });
});

describe("sessions kept by the app", () => {
  it("refuses a signed-out cookie at once and shows a changed name at once", async () => {
    const { client } = await signUpVerified(context);
    expect((await client.json<{ user: unknown }>("GET", "/api/me")).body.user).not.toBeNull();
    expect((await client.json("PATCH", "/api/me/name", { firstName: "Renamed", lastName: "Player" })).status).toBe(200);
    expect((await client.json<{ user: { firstName: string } }>("GET", "/api/me")).body.user.firstName).toBe("Renamed");
    const kept = new Map(client.cookies);
    expect((await client.json("POST", "/api/auth/sign-out", {})).status).toBe(200);
    const stale = new TestClient(context);
    for (const [name, value] of kept) stale.cookies.set(name, value);
    expect((await stale.json<{ user: unknown }>("GET", "/api/me")).body.user).toBeNull();
  });

  it("refuses a cookie whose signature is not the server's", async () => {
    const { client } = await signUpVerified(context);
    expect((await client.json<{ user: unknown }>("GET", "/api/me")).body.user).not.toBeNull();
    const forger = new TestClient(context);
    for (const [name, value] of client.cookies) {
      // Same token, another signature of the right shape.
      forger.cookies.set(name, name.endsWith("session_token") ? encodeURIComponent(`${decodeURIComponent(value).slice(0, -44)}${"A".repeat(43)}=`) : value);
    }
    expect((await forger.json<{ user: unknown }>("GET", "/api/me")).body.user).toBeNull();
  });
});

describe("guards", () => {
  it("answers 401 with the JSON error shape when not signed in", async () => {
    const anonymous = new TestClient(context);
    const response = await anonymous.json<{ error: { code: string; message: string } }>("PATCH", "/api/me/name", { firstName: "A", lastName: "B" });
    expect(response.status).toBe(401);
    expect(response.body.error).toEqual({ code: "unauthorized", message: "User not authenticated. Please log in." });
  });

  it("lets an unverified session (after an email change) fix its email, but not act as a verified user", async () => {
    const { client } = await signUpVerified(context);
    const game = await insertEvent(context.database.db);
    expect((await client.json("GET", `/api/events/${game.id}`)).status).toBe(200);
    expect((await client.json("POST", "/api/me/email", { currentPassword: TEST_PASSWORD, newEmail: uniqueEmail("typo") })).status).toBe(200);

    for (const [method, path, body] of [
      ["GET", `/api/events/${game.id}`],
      ["GET", "/api/me/events"],
      ["PATCH", "/api/me/name", { firstName: "Eve", lastName: "Unverified" }],
      ["PATCH", "/api/me/notifications", { notifyNewEvents: false }],
    ] as const) {
      const response = await client.json<{ error: { code: string } }>(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body.error.code).toBe("forbidden");
    }
    expect((await client.json<{ user: { emailVerified: boolean } }>("GET", "/api/me")).body.user.emailVerified).toBe(false);
    expect((await client.json("POST", "/api/me/touch", {})).status).toBe(200);
    expect((await client.json("POST", "/api/me/email", { currentPassword: TEST_PASSWORD, newEmail: uniqueEmail("fixed") })).status).toBe(200);
  });

  it("refuses admin actions to an admin whose email is not verified", async () => {
    const local = await createTestContext({ ADMIN_EMAILS: "boss@example.com" });
    try {
      const { client, userId } = await signUpVerified(local, { email: "boss@example.com" });
      expect((await client.json("GET", "/api/places?q=park")).status).toBe(200);
      await local.database.pool.query(`update "user" set email_verified = false where id = $1`, [userId]);
      await waitOutSessionCache();
      expect((await client.json("GET", "/api/places?q=park")).status).toBe(403);
      expect((await client.json("POST", "/api/events", {})).status).toBe(403);
    } finally {
      await local.close();
    }
  });

  it("answers 400, not 500, for a body that is not JSON", async () => {
    const { client } = await signUpVerified(context);
    const response = await client.request("PATCH", "/api/me/name", undefined, { "content-type": "application/json" });
    expect(response.status).toBe(400);
  });
});

describe("origin check", () => {
  it("refuses a sign-in posted from another site", async () => {
    const { email } = await signUpVerified(context);
    const response = await new TestClient(context).request("POST", "/api/auth/sign-in/email", { email, password: TEST_PASSWORD }, {
      origin: "https://evil.example",
    });
    expect(response.status).toBe(403);
  });
});
