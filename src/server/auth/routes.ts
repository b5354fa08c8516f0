import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { changeEmailSchema, displayName, languageSettingSchema, nameSchema, notificationSettingsSchema, type Me } from "#shared/account.ts";
import type { AppContext } from "#server/context.ts";
import { user as userTable } from "#server/db/schema.ts";
import { AppError } from "#server/http/errors.ts";
import type { AppEnv } from "#server/http/env.ts";
import { parseJson } from "#server/http/validate.ts";
import type { Auth } from "./auth.ts";
import { setLanguageCookie } from "#server/i18n/request-language.ts";
import { requireUser, requireVerifiedUser } from "./session.ts";
import { isVerified, verificationPasses } from "./verification-pass.ts";
import { errorText } from "#shared/i18n/error-key.ts";

export function meRoutes(context: Pick<AppContext, "auth" | "database" | "limiter">) {
  const { auth, limiter } = context;
  const { db } = context.database;
  const passes = verificationPasses(auth);

  return new Hono<AppEnv>()
    .get("/", (c) => {
      const user = c.get("user");
      // Whether they have a password and the providers they sign in with come with the session (session.ts).
      return c.json(readMe(user && { ...user, hasPassword: c.get("hasPassword"), signIns: c.get("signIns") }));
    })
    // The verify screen's re-check without a session: only for the account this browser registered
    // (its verification pass, verification-pass.ts), never for an address named in the request.
    .get("/verification", async (c) => {
      await limiter.hit("verificationCheck", c.get("clientAddress"));
      const pass = await passes.read(c.req.header("cookie"));
      c.header("cache-control", "no-store");
      return c.json({ verified: pass ? await isVerified(db, pass) : false });
    })
    .post("/touch", (c) => {
      // The session middleware already recorded the activity; this is the web app's keep-alive.
      requireUser(c.get("user"));
      return c.json({ ok: true });
    })
    // Profile changes are for verified users (docs/product-rules.md, "Accounts, profile and roles").
    // /email and /touch stay open to an unverified session, so a mistyped new address can be
    // corrected from /verify-email.
    .patch("/name", async (c) => {
      const user = requireVerifiedUser(c.get("user"));
      const { firstName, lastName } = await parseJson(c, nameSchema);
      await db
        .update(userTable)
        .set({ firstName, lastName, name: displayName(firstName, lastName) })
        .where(eq(userTable.id, user.id));
      return c.json({ firstName, lastName, name: displayName(firstName, lastName) });
    })
    .patch("/notifications", async (c) => {
      const user = requireVerifiedUser(c.get("user"));
      const { notifyNewEvents } = await parseJson(c, notificationSettingsSchema);
      await db.update(userTable).set({ notifyNewEvents }).where(eq(userTable.id, user.id));
      return c.json({ notifyNewEvents });
    })
    // Any signed-in user, verified or not: the language is how the app speaks to them, also on
    // /verify-email. Mails sent to them from now on use it (docs/languages.md).
    .patch("/language", async (c) => {
      const user = requireUser(c.get("user"));
      const { language } = await parseJson(c, languageSettingSchema);
      await db.update(userTable).set({ language }).where(eq(userTable.id, user.id));
      setLanguageCookie(c, language);
      return c.json({ language });
    })
    .post("/email", async (c) => {
      const user = requireUser(c.get("user"));
      await limiter.hit("passwordCheck", c.get("clientAddress"));
      const { currentPassword, newEmail } = await parseJson(c, changeEmailSchema);
      const correct = await limiter.checkPassword(
        user.email,
        () => isCurrentPassword(auth, c.req.raw.headers, currentPassword),
        (isCorrect) => !isCorrect,
      );
      if (!correct) throw new AppError("validation", WRONG_PASSWORD, { currentPassword: WRONG_PASSWORD });
      if (newEmail === user.email.toLowerCase()) throw new AppError("validation", errorText("errors.account.sameEmail"));
      const [taken] = await db.select({ id: userTable.id }).from(userTable).where(eq(userTable.email, newEmail));
      if (taken) throw new AppError("conflict", EMAIL_IN_USE);
      // The new address must be verified before the user can use the app again: until then the app
      // sends them to /verify-email (docs/product-rules.md, "Screens and routes").
      // Another account may take the address between the check and this update: the unique index decides.
      await db
        .update(userTable)
        .set({ email: newEmail, emailVerified: false })
        .where(eq(userTable.id, user.id))
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? new AppError("conflict", EMAIL_IN_USE) : error;
        });
      // The address has changed either way; as on sign-up, a mail server that is down does not fail
      // the request: the user lands on /verify-email, whose Resend button tries again.
      await auth.api.sendVerificationEmail({ body: { email: newEmail, callbackURL: "/" } }).catch((error: unknown) => {
        console.error(`[${c.get("requestId")}] could not send the verification mail after an email change:`, error);
      });
      return c.json({ email: newEmail, emailVerified: false });
    });
}

/**
 * GET /api/me: who is signed in, as the session check read it (session.ts). Also what a page rendered
 * on the server reads for its viewer (src/server/web/page-reads.ts), so both answer the same.
 */
export function readMe(me: Me | null): { user: Me | null } {
  return { user: me };
}

const EMAIL_IN_USE = errorText("errors.account.emailInUse");

/** PostgreSQL's unique_violation, as pg reports it (drizzle wraps it as the cause). */
function isUniqueViolation(error: unknown): boolean {
  const codeOf = (value: unknown) => (value && typeof value === "object" && "code" in value ? value.code : undefined);
  return codeOf(error) === "23505" || codeOf((error as { cause?: unknown } | null)?.cause) === "23505";
}

const WRONG_PASSWORD = errorText("errors.account.wrongPassword");

async function isCurrentPassword(auth: Auth, headers: Headers, password: string): Promise<boolean> {
  try {
    await auth.api.verifyPassword({ body: { password }, headers });
    return true;
  } catch {
    return false;
  }
}
