import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { eq } from "drizzle-orm";
import { APIError, createAuthMiddleware, createEmailVerificationToken, getSessionFromCtx } from "better-auth/api";
import { nameSchema } from "#shared/account.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#shared/password-rule.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import * as schema from "#server/db/schema.ts";
import { sendAccountMail } from "#server/jobs/account-mail.ts";
import type { JobQueue } from "#server/jobs/queue.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { configuredRecipientLimit, type RecipientLimit } from "#server/mail/recipient-limit.ts";
import { trustedOrigins } from "#server/mobile/app-origins.ts";
import { type Language, languageFromCookieHeader, pickLanguage } from "#shared/language.ts";
import { mailLanguage } from "#server/mail/mail-language.ts";
import { errorText } from "#shared/i18n/error-key.ts";
import { type ErrorMessage, messageOfText, wordError } from "#server/i18n/error-language.ts";
import { mobileSessionPlugin } from "./mobile-sign-in.ts";
import { openIdProviders } from "./openid-providers.ts";
import { accountExistsMail, resetPasswordMail, verificationMail } from "./account-mails.ts";

/** How long a mailed verification link works (better-auth's default, stated because a resent link needs it too). */
const VERIFICATION_LINK_SECONDS = 60 * 60;

/** The header the app sets to the client's address (client-address.ts) for better-auth's session records. */
export const CLIENT_ADDRESS_HEADER = "x-kickoff-client-address";

/** An account without a password proves it is its owner by a sign-in this recent (decision 008). */
export const FRESH_SIGN_IN_SECONDS = 5 * 60;
export const DELETE_NEEDS_PASSWORD = errorText("errors.account.deleteNeedsPassword");
export const deleteNeedsFreshSignIn = (provider: string) => errorText("errors.account.deleteNeedsFreshSignIn", { provider });

export function createAuth(options: {
  config: Config;
  db: Db;
  mailer: Mailer;
  /** With it, account mails are jobs; without it they are sent in the background (jobs/account-mail.ts). */
  jobs?: JobQueue;
  /** How many account mails of a kind one address may get (default: the configured limit, counted in the database). */
  recipientLimit?: RecipientLimit;
  beforeDeleteUser?: (userId: string) => Promise<void>;
}) {
  const { config, db, mailer, jobs, beforeDeleteUser } = options;
  const appName = config.appName;
  // Per recipient, whoever asks and from wherever: the per-client limits cannot stop many clients
  // from filling one inbox (docs/decisions/015-mails-per-recipient.md).
  const mailDeps = { mailer, jobs, recipientLimit: options.recipientLimit ?? configuredRecipientLimit(db, config.rateLimits) };
  /**
   * An account mail's language: the account's choice, else the language of the request that causes
   * the mail (a sign-up's: its cookie, else Accept-Language), else English. Looked up when the mail
   * is handed over, after the answer (jobs/account-mail.ts), so the answer's timing tells nothing.
   */
  const languageFor = async (userId: string, request: Request | undefined): Promise<Language> => {
    const [row] = await db.select({ language: schema.user.language }).from(schema.user).where(eq(schema.user.id, userId));
    if (row?.language) return mailLanguage(row.language);
    return request ? pickLanguage(languageFromCookieHeader(request.headers.get("cookie")), request.headers.get("accept-language")) : "en";
  };

  return betterAuth({
    appName,
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    // Outside production the app is also opened as localhost or 127.0.0.1 on its port; both may sign
    // in. And the mobile app's web view (docs/decisions/016-mobile-app-on-the-site.md).
    trustedOrigins: trustedOrigins(config),
    telemetry: { enabled: false },
    advanced: {
      // better-auth skips its origin (CSRF) check when it detects a test run; ours run the real thing.
      disableOriginCheck: false,
      // Never X-Forwarded-For as the client sent it: the address the app worked out (TRUST_PROXY).
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      // Cookies keep better-auth's SameSite=Lax (Secure over https): the mobile app's pages are on a
      // subdomain of PUBLIC_URL's host, the same site as the API (docs/decisions/016-mobile-app-on-the-site.md).
    },
    // The app limits sign-ins, sign-ups, mails and password checks itself (http/rate-limit.ts), per
    // client address and per account; better-auth's own limiter keys on X-Forwarded-For as sent.
    rateLimit: { enabled: false },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: schema.user, session: schema.session, account: schema.account, verification: schema.verification },
    }),
    user: {
      additionalFields: {
        firstName: { type: "string", required: true },
        lastName: { type: "string", required: true },
        notifyNewEvents: { type: "boolean", required: false, input: false, defaultValue: true },
      },
      deleteUser: {
        enabled: true,
        // "The user's data is gone": events they organised keep no copy of their name and email
        // (the event page then shows the original product's fallback contact, src/shared/organizer.ts).
        beforeDelete: async (deleted) => {
          await beforeDeleteUser?.(deleted.id);
          await db
            .update(schema.event)
            .set({ organizerName: null, organizerEmail: null })
            .where(eq(schema.event.organizerId, deleted.id));
        },
      },
    },
    session: {
      // better-auth's own rule for deleting without a password; the hook below says it in our words.
      freshAge: FRESH_SIGN_IN_SECONDS,
      additionalFields: {
        lastActiveAt: { type: "date", required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }, request) => {
        sendAccountMail(mailDeps, "passwordReset", async () => resetPasswordMail(appName, user.email, url, await languageFor(user.id, request)));
      },
      // better-auth answers a sign-up with a taken address exactly as a new one (requireEmailVerification),
      // and sends nothing; the screen then says "We sent a verification link". So it is sent: a fresh
      // link while the address is unverified, else a mail saying the account exists. Mails leave after
      // the answer (jobs/account-mail.ts), so the answer's timing tells nothing either.
      onExistingUserSignUp: async ({ user }, request) => {
        if (user.emailVerified) {
          sendAccountMail(mailDeps, "accountExists", async () =>
            accountExistsMail({ appName, to: user.email, publicUrl: config.publicUrl, language: await languageFor(user.id, request) }),
          );
          return;
        }
        // The link better-auth's own resend makes (send-verification-email), to the same verify endpoint.
        const token = await createEmailVerificationToken(config.authSecret, user.email, undefined, VERIFICATION_LINK_SECONDS, { userId: user.id });
        const url = `${config.publicUrl}/api/auth/verify-email?token=${token}&callbackURL=${encodeURIComponent("/")}`;
        sendAccountMail(mailDeps, "verification", async () => verificationMail(appName, user.email, url, await languageFor(user.id, request)));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_LINK_SECONDS,
      sendVerificationEmail: async ({ user, url }, request) => {
        sendAccountMail(mailDeps, "verification", async () => verificationMail(appName, user.email, url, await languageFor(user.id, request)));
      },
    },
    // Google and any other OpenID Connect provider take one path: discovery from the issuer, the
    // authorization code with PKCE, and the ID token verified against the issuer's keys, its audience
    // (this client) and the nonce (docs/decisions/044-sign-in-with-openid-connect.md).
    plugins: [
      ...(config.signInProviders.length > 0 ? [openIdProviders(config.signInProviders)] : []),
      // The mobile app's session after a provider's sign-in in the system browser (mobile-sign-in.ts).
      mobileSessionPlugin(),
    ],
    account: {
      accountLinking: {
        // A provider's sign-in joins the existing account of the same address only when the provider
        // says it verified that address and the account's own address is verified too; otherwise
        // the sign-in is refused ("account_not_linked", worded on the login screen). No provider is
        // trusted without its email_verified claim.
        enabled: true,
        trustedProviders: [],
        requireLocalEmailVerified: true,
      },
    },
    // A failed provider sign-in whose request named no error page (a state that cannot be read) comes
    // back to the login screen too, never to better-auth's own error page.
    onAPIError: { errorURL: `${config.publicUrl}/` },
    hooks: {
      // The same name rule as the profile form: first and last name are required.
      before: createAuthMiddleware(async (ctx) => {
        // Our own refusals are worded here, in the request's language (the same rule as
        // requestLanguage's); authRoutes words better-auth's own by their code (auth-routes.ts).
        const say = (message: ErrorMessage) => wordError(message, pickLanguage(languageFromCookieHeader(ctx.headers?.get("cookie") ?? null), ctx.headers?.get("accept-language")));
        // PostgreSQL cannot store or compare text with NUL: refused here, not a 500 inside better-auth.
        if (containsNul(ctx.body) || containsNul(ctx.query)) {
          throw new APIError("BAD_REQUEST", { message: say(errorText("errors.request.charactersNotAllowed")) });
        }
        if (ctx.path === "/sign-up/email") {
          const parsed = nameSchema.safeParse(ctx.body);
          const problem = parsed.success ? undefined : parsed.error.issues[0]?.message;
          if (!parsed.success) throw new APIError("BAD_REQUEST", { message: problem === undefined ? undefined : say(messageOfText(problem)) });
          const { firstName, lastName } = parsed.data;
          return { context: { body: { ...ctx.body, firstName, lastName, name: `${firstName} ${lastName}` } } };
        }
        if (ctx.path === "/update-user") {
          // Names change through PATCH /api/me/name, which validates them and keeps the display name in step.
          throw new APIError("FORBIDDEN", { message: say(errorText("errors.account.useProfileForName")) });
        }
        if (ctx.path === "/delete-user") {
          // better-auth deletes without a password when the session is "fresh" (a day by default), so
          // {} or {"password":""} deleted an account with a stolen cookie. Deleting needs the current
          // password (docs/product-rules.md, "Accounts, profile and roles"; decision 008).
          const found = await getSessionFromCtx(ctx, { disableRefresh: true });
          if (!found) return; // better-auth answers 401
          const credential = await ctx.context.internalAdapter.findCredentialAccount(found.user.id);
          if (credential?.password) {
            const password = (ctx.body as { password?: unknown } | undefined)?.password;
            if (typeof password !== "string" || password === "") {
              throw new APIError("BAD_REQUEST", { message: say(DELETE_NEEDS_PASSWORD), code: "PASSWORD_REQUIRED" });
            }
          } else if (Date.now() - new Date(found.session.createdAt).getTime() > FRESH_SIGN_IN_SECONDS * 1000) {
            // Accounts that sign in only with a provider have no password to give: a sign-in through
            // the provider minutes ago proves the owner is here (decision 008).
            const accounts = await ctx.context.internalAdapter.findAccounts(found.user.id);
            const linked = accounts.find((row) => row.providerId !== "credential")?.providerId ?? "google";
            const label = config.signInProviders.find((candidate) => candidate.id === linked)?.label ?? (linked === "google" ? "Google" : linked);
            throw new APIError("FORBIDDEN", { message: say(deleteNeedsFreshSignIn(label)), code: "FRESH_SIGN_IN_REQUIRED" });
          }
        }
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;


/** Walks the parsed body without recursion: 64 KB of brackets nest deeper than the call stack. */
function containsNul(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === "string") {
      if (value.includes("\u0000")) return true;
    } else if (value && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes("\u0000")) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

export function isAdminEmail(config: Config, email: string): boolean {
  return config.adminEmails.includes(email.trim().toLowerCase());
}
