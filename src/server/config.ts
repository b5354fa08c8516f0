import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";
import { type Currency, currencyProblem, DEFAULT_CURRENCY } from "#shared/money.ts";
import { MOBILE_APP_ID } from "#shared/mobile.ts";

const optionalString = z.string().optional();
/** A limit cannot be switched off: at least 1. */
const positiveCount = (fallback: number) => z.coerce.number().int().min(1, "must be at least 1").default(fallback);
/** Links in mails and share links, and the geocoder: web addresses only. */
const webUrl = () => z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" });

/** Google's issuer: its discovery document is at /.well-known/openid-configuration under it. */
const GOOGLE_ISSUER = "https://accounts.google.com";

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    APP_NAME: z.string().min(1).default("Kickoff"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z
      .string()
      .regex(/^[0-9A-Za-z.:%-]+$/, "must be an address such as 0.0.0.0, 127.0.0.1 or ::")
      .default("0.0.0.0"),
    TRUST_PROXY: z.coerce.number().int("must be a whole number of proxies").min(0).max(10).default(0),
    PUBLIC_URL: webUrl().optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
    AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    ADMIN_EMAILS: z.string().default(""),
    SMTP_URL: z.string().regex(/^smtps?:\/\//, "must start with smtp:// or smtps://").optional(),
    MAIL_FROM: optionalString,
    PAYMENTS: z.enum(["simulated", "stripe"]).default("simulated"),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_PUBLISHABLE_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    /** A Stripe-compatible API instead of Stripe's (tests, a local mock). */
    STRIPE_API_URL: webUrl().optional(),
    CURRENCY: z
      .string()
      .regex(/^[a-zA-Z]{3}$/, "must be a three-letter currency code")
      .transform((value) => value.toLowerCase())
      // Prices are integer cents and must clear the processor's minimum charge: only currencies
      // with two decimals and a known minimum can work.
      .transform((value, ctx) => {
        const problem = currencyProblem(value);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
        return value as Currency;
      })
      .default(DEFAULT_CURRENCY),
    FEE_PERCENT: z.coerce.number().min(0).max(100).default(2.9),
    SIMULATED_DECLINE_RATE: z.coerce.number().min(0).max(1).default(0),
    SIMULATED_LOST_RESPONSE_RATE: z.coerce.number().min(0).max(1).default(0),
    FEE_FIXED_CENTS: z.coerce.number().int().min(0).default(30),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    // Where Google's OpenID configuration is read (docs/decisions/044-sign-in-with-openid-connect.md):
    // Google is signed in to as an OpenID Connect issuer; tests point this at a server on loopback.
    GOOGLE_ISSUER: webUrl().default(GOOGLE_ISSUER),
    // Any OpenID Connect provider (a club's Microsoft, Keycloak, Authentik…): discovery from the
    // issuer's /.well-known/openid-configuration; the button says "Sign in with {OIDC_LABEL}".
    OIDC_ISSUER: webUrl().optional(),
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    OIDC_LABEL: z.string().trim().min(1).max(40, "must be at most 40 characters (it is a button's text)").optional(),
    // Web Push (docs/notifications.md): the VAPID key pair, set together for several instances (each
    // would otherwise generate its own into DATA_DIR, and a subscription made with one would not work
    // with the others); the subject a push service may write to, mailto: or https:.
    VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, "must be a VAPID public key (URL-safe base64)").optional(),
    VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{40,50}$/, "must be a VAPID private key (URL-safe base64)").optional(),
    // The push services a browser's subscription may point at, beyond the known ones (push/endpoint.ts):
    // the server posts to that address, so in production only these are taken.
    PUSH_SERVICE_HOSTS: z.string().default(""),
    // The mobile app's pushes through Firebase Cloud Messaging (push/native-sender.ts): the service
    // account's key file; FCM_API_URL only for tests (a stand-in on loopback).
    FCM_SERVICE_ACCOUNT_FILE: optionalString,
    FCM_API_URL: webUrl().optional(),
    // The iOS app's pushes straight to Apple (push/apns-sender.ts): the APNs key (.p8) from Apple's
    // developer account and its key id, with IOS_TEAM_ID; APNS_TOPIC is the app's bundle id, APNS_HOST
    // Apple's sandbox for development builds (or a stand-in in tests).
    APNS_KEY_FILE: optionalString,
    APNS_KEY_ID: z
      .string()
      .regex(/^[A-Z0-9]{10}$/, "must be the 10-character Key ID of the APNs key")
      .optional(),
    APNS_TOPIC: z.string().default(MOBILE_APP_ID),
    APNS_HOST: webUrl().optional(),
    VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)\S+$/, "must be a mailto: or https:// address").optional(),
    GEOCODER: z.enum(["nominatim", "google", "none"]).default("nominatim"),
    GEOCODER_URL: webUrl().default("https://nominatim.openstreetmap.org"),
    GOOGLE_MAPS_API_KEY: optionalString,
    MAP_TILE_URL: z.string().min(1).default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
    SESSION_IDLE_MINUTES: z.coerce.number().positive().default(10),
    // The organiser's zone (docs/decisions/038-the-games-zone-on-the-form.md): the zone the game
    // form starts with (shown and changeable there), and the analytics' days unless told otherwise.
    GAME_TIME_ZONE: z
      .string()
      .refine(isTimeZone, "must be an IANA time zone such as America/Toronto or UTC")
      .optional(),
    // Analytics count calendar days in this zone (visitors per day, daily sums); GAME_TIME_ZONE without it.
    ANALYTICS_TIME_ZONE: z
      .string()
      .refine(isTimeZone, "must be an IANA time zone such as America/Toronto or UTC")
      .optional(),
    // Always on (docs/decisions/006-rate-limits.md): per client address and window, for each kind
    // of request; failed passwords per account and window.
    RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().positive().default(15),
    RATE_LIMIT_SIGN_IN: positiveCount(100),
    RATE_LIMIT_SIGN_UP: positiveCount(60),
    RATE_LIMIT_PASSWORD_RESET: positiveCount(30),
    RATE_LIMIT_VERIFICATION_MAIL: positiveCount(30),
    // The verify screen asks every 3 s whether its address is verified yet: 300 a window per open tab.
    RATE_LIMIT_VERIFICATION_CHECK: positiveCount(1200),
    RATE_LIMIT_PASSWORD_CHECK: positiveCount(30),
    // The page's analytics beacon: one per screen viewed, so a person sends a few a minute; enough
    // for a household or an office behind one address (docs/decisions/018-first-party-analytics.md).
    RATE_LIMIT_ANALYTICS_HITS: positiveCount(1200),
    // Calendar feeds: a calendar app asks about once an hour per subscribed person, but one calendar
    // service fetches many people's feeds from few addresses (docs/calendar-and-reminders.md).
    RATE_LIMIT_CALENDAR_FEED: positiveCount(600),
    RATE_LIMIT_FAILED_PASSWORDS: positiveCount(10),
    // Account mails of one kind (verification, password reset, "you already have an account") to
    // one address and window, wherever the requests come from (docs/decisions/015-mails-per-recipient.md).
    RATE_LIMIT_MAILS_PER_RECIPIENT: positiveCount(3),
    // Live pages (event page, home list) open at once from one client address: a household or an
    // office behind one address, a few tabs each (docs/live-updates.md).
    LIVE_STREAMS_PER_ADDRESS: positiveCount(8),
    // The mobile app's signing certificate(s) and Apple team: served in /.well-known/ so that game
    // links open the app (Android App Links, iOS Universal Links).
    ANDROID_CERT_SHA256: z
      .string()
      .transform((value) => value.split(",").map((item) => item.trim().toUpperCase()).filter(Boolean))
      .pipe(z.array(z.string().regex(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/, "must be SHA-256 fingerprints such as AB:CD:…, 32 pairs, comma-separated")).min(1))
      .optional(),
    IOS_TEAM_ID: z
      .string()
      .regex(/^[A-Z0-9]{10}$/, "must be the 10-character Apple Developer Team ID")
      .optional(),
  })
  .superRefine((env, ctx) => {
    const production = env.NODE_ENV === "production";
    const require = (name: keyof typeof env, why: string) => {
      if (!env[name]) ctx.addIssue({ code: "custom", path: [name], message: `is required ${why}` });
    };
    if (production) {
      require("AUTH_SECRET", "in production");
      require("SMTP_URL", "in production");
      // Mailed links, OAuth callbacks and the origin check all name the public site; localhost would be wrong.
      require("PUBLIC_URL", "in production");
    }
    if (env.PAYMENTS === "stripe") {
      require("STRIPE_SECRET_KEY", "when PAYMENTS=stripe");
      require("STRIPE_PUBLISHABLE_KEY", "when PAYMENTS=stripe");
      require("STRIPE_WEBHOOK_SECRET", "when PAYMENTS=stripe");
    }
    if (env.GEOCODER === "google") require("GOOGLE_MAPS_API_KEY", "when GEOCODER=google");
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: ["GOOGLE_CLIENT_SECRET"],
        message: "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together",
      });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) require(env.VAPID_PUBLIC_KEY ? "VAPID_PRIVATE_KEY" : "VAPID_PUBLIC_KEY", "with the other VAPID key (the two are set together)");
    if (env.APNS_KEY_FILE || env.APNS_KEY_ID) {
      for (const name of ["APNS_KEY_FILE", "APNS_KEY_ID", "IOS_TEAM_ID"] as const) require(name, "for the iOS app's pushes (APNS_KEY_FILE, APNS_KEY_ID and IOS_TEAM_ID are set together)");
    }
    const oidc = ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET", "OIDC_LABEL"] as const;
    if (oidc.some((name) => env[name]) && !oidc.every((name) => env[name])) {
      for (const name of oidc) if (!env[name]) require(name, `with ${oidc.filter((other) => env[other]).join(", ")} (the four are set together)`);
    }
    // Tokens and the client secret travel to the issuer: over https, except to this machine (tests, a local Keycloak).
    if (production) {
      for (const name of ["OIDC_ISSUER", "GOOGLE_ISSUER"] as const) {
        const issuer = env[name];
        if (issuer && !isHttpsOrLoopback(issuer)) ctx.addIssue({ code: "custom", path: [name], message: "must be https:// in production" });
      }
    }
  });

export type Config = ReturnType<typeof toConfig>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

function toConfig(env: z.infer<typeof envSchema>, authSecret: string) {
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  return {
    production: env.NODE_ENV === "production",
    appName: env.APP_NAME,
    port: env.PORT,
    host: env.HOST,
    /** How many reverse proxies in front may be believed about the client's address (X-Forwarded-For). */
    trustProxy: env.TRUST_PROXY,
    publicUrl,
    dataDir: resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    authSecret,
    adminEmails: env.ADMIN_EMAILS.split(",")
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    smtpUrl: env.SMTP_URL,
    // Quoted: a product name with a comma or angle brackets must stay one display name.
    mailFrom: env.MAIL_FROM ?? `"${env.APP_NAME.replace(/["\\]/g, "\\$&")}" <no-reply@${new URL(publicUrl).hostname}>`,
    payments: {
      mode: env.PAYMENTS,
      stripeSecretKey: env.STRIPE_SECRET_KEY,
      stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY,
      stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
      stripeApiUrl: env.STRIPE_API_URL,
      currency: env.CURRENCY,
      feePercent: env.FEE_PERCENT,
      feeFixedCents: env.FEE_FIXED_CENTS,
      /** Faults the simulated processor injects (tests, benchmarks, demos of failure handling). */
      simulatedFaults: { declineRate: env.SIMULATED_DECLINE_RATE, lostResponseRate: env.SIMULATED_LOST_RESPONSE_RATE },
    },
    /** The sign-in providers, in the order of their buttons (docs/decisions/044-sign-in-with-openid-connect.md). */
    signInProviders: signInProviders(env),
    geocoder: { kind: env.GEOCODER, url: env.GEOCODER_URL.replace(/\/$/, ""), googleApiKey: env.GOOGLE_MAPS_API_KEY },
    mapTileUrl: env.MAP_TILE_URL,
    sessionIdleMs: env.SESSION_IDLE_MINUTES * 60_000,
    /** The organiser's zone: GAME_TIME_ZONE, else this machine's zone (TZ), that of the organiser who runs `npm start`. */
    timeZone: env.GAME_TIME_ZONE ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    /** Without ANALYTICS_TIME_ZONE, the organiser's zone. */
    analytics: { timeZone: env.ANALYTICS_TIME_ZONE ?? env.GAME_TIME_ZONE ?? Intl.DateTimeFormat().resolvedOptions().timeZone },
    mobile: { androidCertSha256: env.ANDROID_CERT_SHA256 ?? [], iosTeamId: env.IOS_TEAM_ID },
    rateLimits: {
      windowMs: env.RATE_LIMIT_WINDOW_MINUTES * 60_000,
      /** Requests per client address and window. */
      perAddress: {
        signIn: env.RATE_LIMIT_SIGN_IN,
        signUp: env.RATE_LIMIT_SIGN_UP,
        passwordReset: env.RATE_LIMIT_PASSWORD_RESET,
        verificationMail: env.RATE_LIMIT_VERIFICATION_MAIL,
        verificationCheck: env.RATE_LIMIT_VERIFICATION_CHECK,
        passwordCheck: env.RATE_LIMIT_PASSWORD_CHECK,
        analyticsHits: env.RATE_LIMIT_ANALYTICS_HITS,
        calendarFeed: env.RATE_LIMIT_CALENDAR_FEED,
      },
      failedPasswordsPerAccount: env.RATE_LIMIT_FAILED_PASSWORDS,
      /** Account mails of one kind per recipient address and window. */
      mailsPerRecipient: env.RATE_LIMIT_MAILS_PER_RECIPIENT,
    },
    live: { streamsPerAddress: env.LIVE_STREAMS_PER_ADDRESS },
    /** Web Push's keys from the environment; without them, generated once into DATA_DIR (push/vapid.ts). */
    push: {
      vapidKeys: env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY } : null,
      subject: env.VAPID_SUBJECT ?? `mailto:${mailboxOf(env.MAIL_FROM ?? `no-reply@${new URL(publicUrl).hostname}`)}`,
      fcm: env.FCM_SERVICE_ACCOUNT_FILE ? { serviceAccountFile: env.FCM_SERVICE_ACCOUNT_FILE, apiUrl: env.FCM_API_URL } : null,
      apns:
        env.APNS_KEY_FILE && env.APNS_KEY_ID && env.IOS_TEAM_ID
          ? { keyFile: env.APNS_KEY_FILE, keyId: env.APNS_KEY_ID, teamId: env.IOS_TEAM_ID, topic: env.APNS_TOPIC, host: env.APNS_HOST }
          : null,
      extraServiceHosts: env.PUSH_SERVICE_HOSTS.split(",")
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    },
  };
}

/** The address of a From line ("Kickoff" <no-reply@example.com> → no-reply@example.com). */
function mailboxOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}

/** A sign-in provider: an OpenID Connect issuer and this app's client there. */
export interface SignInProvider {
  /** better-auth's provider id, the callback's path (/api/auth/callback/{id}) and the account rows' provider_id. */
  id: "google" | "oidc";
  /** The button's "Sign in with {label}", and the privacy page's name for it. */
  label: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

function signInProviders(env: z.infer<typeof envSchema>): SignInProvider[] {
  const providers: SignInProvider[] = [];
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    providers.push({ id: "google", label: "Google", issuer: env.GOOGLE_ISSUER.replace(/\/$/, ""), clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET });
  }
  if (env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET && env.OIDC_LABEL) {
    providers.push({ id: "oidc", label: env.OIDC_LABEL, issuer: env.OIDC_ISSUER.replace(/\/$/, ""), clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET });
  }
  return providers;
}

function isHttpsOrLoopback(address: string): boolean {
  const url = new URL(address);
  return url.protocol === "https:" || ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Parses the environment once; throws a ConfigError naming every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // A blank value means "not set" (.env.example lists every variable, many of them empty): it takes
  // the default, rather than PORT= meaning port 0 or FEE_PERCENT= meaning no fee.
  const given = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ""));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".") || "environment"}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  return toConfig(env, env.AUTH_SECRET ?? generatedSecret(resolve(env.DATA_DIR)));
}

/** Outside production a secret is generated once and kept in DATA_DIR, so sessions survive restarts. */
function generatedSecret(dataDir: string): string {
  const file = join(dataDir, "auth-secret");
  if (existsSync(file)) {
    const secret = readFileSync(file, "utf8").trim();
    // A short or empty secret (a truncated file) would make sessions and mailed links forgeable.
    if (secret.length < 32) throw new ConfigError(`Invalid configuration:\n  ${file}: must hold at least 32 characters; delete it to generate a new one`);
    return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
