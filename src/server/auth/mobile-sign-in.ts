import { createHash, randomBytes } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { Hono } from "hono";
import { z } from "zod";
import { MOBILE_SIGN_IN_LINK } from "#shared/mobile.ts";
import type { AppContext } from "#server/context.ts";
import type { AppEnv } from "#server/http/env.ts";
import { AppError } from "#server/http/errors.ts";
import { parseJson } from "#server/http/validate.ts";
import { errorText } from "#shared/i18n/error-key.ts";
import { wordError } from "#server/i18n/error-language.ts";

/**
 * Signing in with a provider from the mobile app (docs/decisions/045-provider-sign-in-in-the-mobile-app.md).
 * Providers refuse sign-ins inside an app's web view (Google does), and the person's provider session
 * lives in the system browser. So:
 *
 * 1. The app asks POST /api/auth/mobile/sign-in { provider, verifier } (a random secret it keeps) and
 *    gets the address of an attempt, /api/auth/mobile/sign-in/{attempt}, which it opens in the system browser.
 * 2. There the attempt starts the provider's sign-in (its state cookie is the browser's), whose
 *    callback signs that browser in and comes back to /api/auth/mobile/signed-in/{attempt}.
 * 3. That page turns the browser's session into a one-time code, signs the browser out, and sends it
 *    to the app's link, kickoff://auth/signed-in?code=… (or kickoff://auth/failed?error=…).
 * 4. The app redeems the code with its verifier (POST /api/auth/mobile/session): the web view gets a
 *    session cookie of its own. A code without the verifier of the app that started is worth nothing,
 *    so a link sent to someone else's phone, or a code another app caught, opens no account.
 */

const ATTEMPT_SECONDS = 10 * 60;
const CODE_SECONDS = 2 * 60;
const attemptKey = (attempt: string) => `mobile-sign-in:${attempt}`;
const codeKey = (code: string) => `mobile-sign-in-code:${code}`;
const token = () => randomBytes(24).toString("base64url");
const hashOf = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

/** A verifier as PKCE's (RFC 7636): 43 to 128 unreserved characters. */
const verifierSchema = z.string().regex(/^[A-Za-z0-9\-._~]{43,128}$/);
const startSchema = z.object({ provider: z.string().min(1).max(40), verifier: verifierSchema });
const redeemSchema = z.object({ code: z.string().min(1).max(100), verifier: verifierSchema });
const idSchema = z.string().regex(/^[A-Za-z0-9_-]{32}$/);

interface Attempt {
  provider: string;
  verifierHash: string;
}

interface Code {
  userId: string;
  verifierHash: string;
}

function parse<T>(value: string | undefined): T | null {
  if (!value) return null;
  try {
    return JSON.parse(value) as T;
  } catch {
    return null;
  }
}

/** The app's links back (the custom scheme the native projects register, scripts/mobile-links.mjs). */
export function signedInLink(code: string): string {
  return `${MOBILE_SIGN_IN_LINK}/signed-in?code=${encodeURIComponent(code)}`;
}
export function failedLink(error: string): string {
  return `${MOBILE_SIGN_IN_LINK}/failed?error=${encodeURIComponent(error)}`;
}

/** better-auth's part: the one step that makes a session and its cookie, which only an endpoint of its own can. */
export function mobileSessionPlugin() {
  return {
    id: "kickoff-mobile-session",
    endpoints: {
      redeemMobileSignIn: createAuthEndpoint("/mobile/session", { method: "POST", body: redeemSchema }, async (ctx) => {
        const { code, verifier } = ctx.body;
        const found = await ctx.context.internalAdapter.consumeVerificationValue(codeKey(code));
        const stored = found && found.expiresAt > new Date() ? parse<Code>(found.value) : null;
        const user = stored && stored.verifierHash === hashOf(verifier) ? await ctx.context.internalAdapter.findUserById(stored.userId) : null;
        // Worded in English here; auth-routes.ts words it in the request's language by its code.
        if (!user) throw new APIError("BAD_REQUEST", { code: "MOBILE_SIGN_IN_EXPIRED", message: wordError(errorText("errors.auth.mobileSignInExpired"), "en") });
        const session = await ctx.context.internalAdapter.createSession(user.id);
        await setSessionCookie(ctx, { session, user });
        return ctx.json({ ok: true });
      }),
    },
  } satisfies BetterAuthPlugin;
}

/** The steps in the system browser and the app's request, under /api/auth/mobile (routed in auth-routes.ts). */
export function mobileSignInRoutes(context: Pick<AppContext, "auth" | "config">) {
  const { auth, config } = context;
  const authContext = () => auth.$context;
  const authBase = `${config.publicUrl}/api/auth`;

  return (
    new Hono<AppEnv>()
      // 1. From the app's web view.
      .post("/sign-in", async (c) => {
        const { provider, verifier } = await parseJson(c, startSchema);
        if (!config.signInProviders.some((configured) => configured.id === provider)) throw new AppError("not_found", errorText("errors.request.notFound"));
        const attempt = token();
        const value: Attempt = { provider, verifierHash: hashOf(verifier) };
        await (await authContext()).internalAdapter.createVerificationValue({
          identifier: attemptKey(attempt),
          value: JSON.stringify(value),
          expiresAt: new Date(Date.now() + ATTEMPT_SECONDS * 1000),
        });
        return c.json({ url: `${authBase}/mobile/sign-in/${attempt}` });
      })
      // 2. In the system browser: the provider's sign-in, started here so that its state cookie is this browser's.
      .get("/sign-in/:attempt", async (c) => {
        const attempt = idSchema.safeParse(c.req.param("attempt"));
        const found = attempt.success ? await (await authContext()).internalAdapter.findVerificationValue(attemptKey(attempt.data)) : null;
        const stored = found && found.expiresAt > new Date() ? parse<Attempt>(found.value) : null;
        if (!attempt.success || !stored) return c.redirect(failedLink("state_not_found"));
        const started = await auth.api
          .signInSocial({
            body: {
              provider: stored.provider,
              callbackURL: `/api/auth/mobile/signed-in/${attempt.data}`,
              errorCallbackURL: "/api/auth/mobile/failed",
              disableRedirect: true,
            },
            headers: c.req.raw.headers,
            returnHeaders: true,
          })
          // A provider that cannot be reached (its discovery failed again): the app says so.
          .catch(() => null);
        if (!started?.response.url) return c.redirect(failedLink("oauth_provider_not_found"));
        for (const cookie of started.headers.getSetCookie()) c.header("set-cookie", cookie, { append: true });
        return c.redirect(started.response.url);
      })
      // 3. Back in the system browser, signed in there: a code for the app, and the browser signed out.
      .get("/signed-in/:attempt", async (c) => {
        const attempt = idSchema.safeParse(c.req.param("attempt"));
        const adapter = (await authContext()).internalAdapter;
        const found = attempt.success ? await adapter.consumeVerificationValue(attemptKey(attempt.data)) : null;
        const stored = found && found.expiresAt > new Date() ? parse<Attempt>(found.value) : null;
        const session = await auth.api.getSession({ headers: c.req.raw.headers, query: { disableCookieCache: true } });
        if (!stored || !session) return c.redirect(failedLink("state_mismatch"));
        const code = token();
        const value: Code = { userId: session.user.id, verifierHash: stored.verifierHash };
        await adapter.createVerificationValue({ identifier: codeKey(code), value: JSON.stringify(value), expiresAt: new Date(Date.now() + CODE_SECONDS * 1000) });
        // The browser keeps no session: the app's is the one that counts.
        const signedOut = await auth.api.signOut({ headers: c.req.raw.headers, returnHeaders: true });
        for (const cookie of signedOut.headers.getSetCookie()) c.header("set-cookie", cookie, { append: true });
        return c.redirect(signedInLink(code));
      })
      // 3'. A provider's sign-in that did not succeed: the app's login screen says why.
      .get("/failed", (c) => c.redirect(failedLink(c.req.query("error")?.slice(0, 100) || "unknown")))
  );
}
