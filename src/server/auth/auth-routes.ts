import { sql } from "drizzle-orm";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import type { Language } from "#shared/language.ts";
import type { AppContext } from "#server/context.ts";
import type { ErrorKey } from "#shared/i18n/catalogs/areas.ts";
import { translate } from "#server/i18n/translate.ts";
import { requestLanguage } from "#server/i18n/request-language.ts";
import type { AppEnv } from "#server/http/env.ts";
import type { AddressAction } from "#server/http/rate-limit.ts";
import { CLIENT_ADDRESS_HEADER } from "./auth.ts";
import { verificationPasses } from "./verification-pass.ts";
import { mobileSignInRoutes } from "./mobile-sign-in.ts";
import { AppError } from "#server/http/errors.ts";
import { errorText } from "#shared/i18n/error-key.ts";

/**
 * better-auth's endpoints that this app uses, and only those, each behind its limits. Anything
 * else under /api/auth (list-accounts, unlink-account, revoke-sessions, change-email, …, and wrong
 * methods) is not routed here and answers the JSON 404 like any unknown /api path: what the app
 * does not offer, a stolen session cookie cannot use either (docs/decisions/008-sensitive-account-actions.md).
 */
export function authRoutes(context: Pick<AppContext, "auth" | "config" | "database" | "limiter">) {
  const { auth, limiter } = context;
  const { db } = context.database;
  const passes = verificationPasses(auth);
  const forward = async (c: Context<AppEnv>) => {
    const response = await auth.handler(withClientAddress(c.req.raw, c.get("clientAddress")));
    // better-auth turns a failed query into its own empty 500. When the database is what failed,
    // this query fails too and the app answers its 503 with Retry-After (http/errors.ts).
    if (response.status >= 500) await db.execute(sql`select 1`);
    return inLanguage(response, requestLanguage(c));
  };
  const limit =
    (action: AddressAction): MiddlewareHandler<AppEnv> =>
    async (c, next) => {
      await limiter.hit(action, c.get("clientAddress"));
      await next();
    };
  /** A signed-in user's current password checked by better-auth: wrong ones count against the account. */
  const passwordCheck = (c: Context<AppEnv>) => {
    const user = c.get("user");
    if (!user) return forward(c); // better-auth answers 401
    return limiter.checkPassword(user.email, () => forward(c), async (response) => response.status === 400 && (await errorCode(response)) === "INVALID_PASSWORD");
  };

  return (
    new Hono<AppEnv>()
      .post("/sign-up/email", limit("signUp"), async (c) => {
        const email = await emailOf(c.req.raw);
        const response = await forward(c);
        if (response.status !== 200 || !email) return response;
        // Whether the address was new or not, the browser gets a pass of the same shape (verification-pass.ts).
        return withCookie(response, await passes.setCookie(await passes.afterSignUp(email, await userIdOf(response))));
      })
      .post("/sign-in/email", limit("signIn"), async (c) => {
        const email = await emailOf(c.req.raw);
        // Without an email better-auth refuses the request before any password is checked.
        if (!email) return forward(c);
        const response = await limiter.checkPassword(email, () => forward(c), (answer) => answer.status === 401);
        // The right password for an unverified address: this browser may wait on /verify-email too.
        if (response.status !== 403 || (await errorCode(response)) !== "EMAIL_NOT_VERIFIED") return response;
        const pass = await passes.afterUnverifiedSignIn(email);
        return pass ? withCookie(response, await passes.setCookie(pass)) : response;
      })
      .post("/sign-in/social", limit("signIn"), async (c) => {
        const provider = await providerOf(c.req.raw);
        const response = await forward(c);
        // A configured provider whose OpenID configuration could not be read (down at start, and
        // again now): better-auth answers "Provider not found" as for a name it never heard of.
        if (response.status !== 404 || (await errorCode(response)) !== "PROVIDER_NOT_FOUND") return response;
        if (!provider || !context.config.signInProviders.some((configured) => configured.id === provider)) return response;
        throw new AppError("upstream", errorText("errors.auth.providerUnavailable"));
      })
      .get("/callback/:id", forward) // back from the provider (Google or OIDC_ISSUER)
      // Only reached when no error page was named (onAPIError.errorURL sends failures to the login screen).
      .get("/error", forward)
      // The mobile app's provider sign-in through the system browser (mobile-sign-in.ts).
      .post("/mobile/session", limit("signIn"), forward)
      .use("/mobile/sign-in", limit("signIn"))
      .route("/mobile", mobileSignInRoutes(context))
      .post("/sign-out", forward)
      .get("/get-session", forward)
      .get("/verify-email", forward) // the link in the verification mail
      .post("/send-verification-email", limit("verificationMail"), forward)
      .post("/request-password-reset", limit("passwordReset"), forward)
      .get("/reset-password/:token", forward) // the link in the reset mail
      .post("/reset-password", limit("passwordReset"), forward)
      .post("/change-password", limit("passwordCheck"), passwordCheck)
      .post("/delete-user", limit("passwordCheck"), passwordCheck)
      // Closed by a hook with a clear 403 (decision 002); names change through PATCH /api/me/name.
      .post("/update-user", forward)
  );
}

/**
 * better-auth's own refusals on the flows the app uses (@better-auth/core's BASE_ERROR_CODES), by
 * their code: the key of their message in the "errors" area. A refusal with another code is passed
 * on as better-auth wrote it; the app's own (the hook in auth.ts) come worded already.
 */
const AUTH_ERROR_KEYS: Readonly<Record<string, ErrorKey>> = {
  INVALID_EMAIL_OR_PASSWORD: "errors.auth.invalidEmailOrPassword",
  EMAIL_NOT_VERIFIED: "errors.auth.emailNotVerified",
  INVALID_PASSWORD: "errors.auth.invalidPassword",
  INVALID_EMAIL: "errors.auth.invalidEmail",
  PASSWORD_TOO_SHORT: "errors.auth.passwordTooShort",
  PASSWORD_TOO_LONG: "errors.auth.passwordTooLong",
  INVALID_TOKEN: "errors.auth.invalidToken",
  TOKEN_EXPIRED: "errors.auth.tokenExpired",
  USER_ALREADY_EXISTS: "errors.auth.userAlreadyExists",
  USER_NOT_FOUND: "errors.auth.userNotFound",
  EMAIL_ALREADY_VERIFIED: "errors.auth.emailAlreadyVerified",
  SESSION_EXPIRED: "errors.auth.sessionExpired",
  MOBILE_SIGN_IN_EXPIRED: "errors.auth.mobileSignInExpired",
};

/**
 * better-auth's refusal ({ code, message }) with its message in the request's language, like the
 * app's own errors (http/errors.ts): worded from its code's key; the code stays as it is.
 */
async function inLanguage(response: Response, language: Language): Promise<Response> {
  if (language === "en" || response.status < 400 || !response.headers.get("content-type")?.includes("application/json")) return response;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  if (!body || typeof body !== "object" || !("message" in body) || typeof body.message !== "string") return response;
  const key = "code" in body && typeof body.code === "string" && Object.hasOwn(AUTH_ERROR_KEYS, body.code) ? AUTH_ERROR_KEYS[body.code] : undefined;
  if (!key) return response;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  const translated = { ...body, message: translate(language, key) };
  return new Response(JSON.stringify(translated), { status: response.status, statusText: response.statusText, headers });
}

/** The request for better-auth, carrying the client's address the app worked out (never one the client sent). */
function withClientAddress(request: Request, address: string | undefined): Request {
  const headers = new Headers(request.headers);
  headers.delete(CLIENT_ADDRESS_HEADER);
  if (address) headers.set(CLIENT_ADDRESS_HEADER, address);
  return new Request(request, { headers });
}

function withCookie(response: Response, setCookie: string): Response {
  const headers = new Headers(response.headers);
  headers.append("set-cookie", setCookie);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** The user id in better-auth's sign-up answer ({ token, user }). */
async function userIdOf(response: Response): Promise<string | undefined> {
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  const user = body && typeof body === "object" && "user" in body ? body.user : undefined;
  const id = user && typeof user === "object" && "id" in user ? user.id : undefined;
  return typeof id === "string" ? id : undefined;
}

async function emailOf(request: Request): Promise<string | undefined> {
  const body: unknown = await request
    .clone()
    .json()
    .catch(() => undefined);
  const email = body && typeof body === "object" && "email" in body ? body.email : undefined;
  return typeof email === "string" && email.trim() !== "" ? email : undefined;
}

/** The provider a social sign-in names ({ provider }). */
async function providerOf(request: Request): Promise<string | undefined> {
  const body: unknown = await request
    .clone()
    .json()
    .catch(() => undefined);
  const provider = body && typeof body === "object" && "provider" in body ? body.provider : undefined;
  return typeof provider === "string" ? provider : undefined;
}

/** better-auth's error code ({ code, message }), e.g. INVALID_PASSWORD. */
async function errorCode(response: Response): Promise<string | undefined> {
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  return body && typeof body === "object" && "code" in body && typeof body.code === "string" ? body.code : undefined;
}
