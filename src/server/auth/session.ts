import { webcrypto } from "node:crypto";
import { and, eq, exists, sql } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import type { Me } from "#shared/account.ts";
import type { AppContext } from "#server/context.ts";
import { createTtlCache } from "#server/cache/ttl-cache.ts";
import { account, session as sessionTable, user as userTable } from "#server/db/schema.ts";
import { AppError } from "#server/http/errors.ts";
import type { AppEnv } from "#server/http/env.ts";
import { isLanguage } from "#shared/language.ts";
import { isAdminEmail } from "./auth.ts";
import { errorText } from "#shared/i18n/error-key.ts";

/** Writing lastActiveAt on every request is wasteful; this much staleness is harmless. */
const ACTIVITY_WRITE_INTERVAL_MS = 15_000;
/**
 * How long this process reuses a session it looked up (docs/decisions/010): the signed-in pages
 * would otherwise cost a database round trip each, and on the embedded database those queue.
 */
export const SESSION_CACHE_TTL_MS = 1_000;
/** Only correctly signed tokens get here, but the memory stays bounded whatever arrives. */
const SESSION_CACHE_MAX_ENTRIES = 10_000;

/**
 * Resolves the session of every API request and enforces the idle limit on the server:
 * a session with no request for SESSION_IDLE_MINUTES is deleted, so an idle cookie is worthless.
 *
 * It reads the session as better-auth's getSession does (its signed cookie, verified with its secret;
 * the session row by token with its user; an expired session deleted) but in one query instead of two,
 * without building an endpoint context, and reused for SESSION_CACHE_TTL_MS: this runs before every
 * API request. Anything that may change sessions or users in this process (every request to
 * /api/auth, every write to the API) drops what is kept, so a sign-out, a password change or a
 * deletion counts at once here. Every other instance drops its cache when the change commits: the
 * database announces it on the live channel (`sessions`, drizzle/0014_shared_state.sql), and a
 * channel that lost its connection may have missed some, so its reset drops the cache too
 * (docs/caches-and-sessions.md). The idle limit is checked on every request against the kept
 * lastActiveAt, which is never newer than the database's.
 */
export function sessionMiddleware(context: Pick<AppContext, "auth" | "database" | "config" | "live">): MiddlewareHandler<AppEnv> {
  return sessionReader(context).middleware;
}

/**
 * The session check itself, and the middleware that runs it before every API request: one cache for
 * both. A page the server renders (docs/server-rendering.md) checks the session once with `viewer`
 * and reads what its screen needs as that viewer, instead of sending each read through the app.
 */
export function sessionReader(context: Pick<AppContext, "auth" | "database" | "config" | "live">) {
  const { auth, config } = context;
  const { db } = context.database;
  // better-auth's own cookie name (with its __Secure- prefix on https) and signing key.
  const cookie = auth.$context.then(async (authContext) => ({
    name: authContext.authCookies.sessionToken.name,
    key: await webcrypto.subtle.importKey("raw", new TextEncoder().encode(authContext.secret), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]),
  }));
  const findSession = async (token: string) => {
    const [found] = await db
      .select({
        sessionId: sessionTable.id,
        expiresAt: sessionTable.expiresAt,
        lastActiveAt: sessionTable.lastActiveAt,
        id: userTable.id,
        email: userTable.email,
        emailVerified: userTable.emailVerified,
        firstName: userTable.firstName,
        lastName: userTable.lastName,
        name: userTable.name,
        notifyNewEvents: userTable.notifyNewEvents,
        language: userTable.language,
        // What GET /api/me adds (whether they can sign in with a password): read here, with the
        // session and kept with it, so that neither /api/me nor a rendered page asks again.
        hasPassword: exists(
          db
            .select({ id: account.id })
            .from(account)
            .where(and(eq(account.userId, userTable.id), eq(account.providerId, "credential"))),
        ),
        // The providers linked to the account (docs/decisions/044), for the profile's "How you sign in".
        signIns: sql<string[]>`coalesce((select array_agg(distinct a.provider_id order by a.provider_id) from ${account} a where a.user_id = ${userTable.id} and a.provider_id <> 'credential'), '{}')`,
      })
      .from(sessionTable)
      .innerJoin(userTable, eq(userTable.id, sessionTable.userId))
      .where(eq(sessionTable.token, token));
    return found ?? null;
  };
  // Looked-up sessions, found or not, by token (docs/decisions/010).
  const sessions = createTtlCache<Awaited<ReturnType<typeof findSession>>>({ ttlMs: SESSION_CACHE_TTL_MS, maxEntries: SESSION_CACHE_MAX_ENTRIES });
  context.live.channel.subscribe((message) => {
    if (message.type === "sessions") sessions.clear();
  });
  context.live.channel.onReset(() => sessions.clear());

  /**
   * The signed-in account of a request's Cookie header (as GET /api/me answers it), or null; an idle
   * or expired session is deleted, activity recorded.
   */
  const viewer = async (cookieHeader: string | undefined): Promise<Me | null> => {
    const { name, key } = await cookie;
    const token = await verifiedCookieValue(cookieHeader, name, key);
    const found = token ? await sessions.get(token, () => findSession(token)) : null;
    if (!token || !found) return null;
    const now = Date.now();
    const lastActiveAt = found.lastActiveAt.getTime();
    if (found.expiresAt.getTime() < now || now - lastActiveAt > config.sessionIdleMs) {
      sessions.clear();
      await db.delete(sessionTable).where(eq(sessionTable.id, found.sessionId));
      return null;
    }
    if (now - lastActiveAt > ACTIVITY_WRITE_INTERVAL_MS) {
      // The kept row too, so the next requests within the TTL do not write again.
      found.lastActiveAt = new Date(now);
      await db.update(sessionTable).set({ lastActiveAt: found.lastActiveAt }).where(eq(sessionTable.id, found.sessionId));
    }
    const { sessionId: _sessionId, expiresAt: _expiresAt, lastActiveAt: _lastActiveAt, hasPassword, signIns, ...user } = found;
    return {
      ...user,
      language: isLanguage(user.language) ? user.language : null,
      isAdmin: isAdminEmail(config, user.email),
      hasPassword: Boolean(hasPassword),
      signIns: [...(signIns ?? [])],
    };
  };

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const me = await viewer(c.req.header("cookie"));
    c.set("user", me && withoutPassword(me));
    c.set("hasPassword", me?.hasPassword ?? false);
    c.set("signIns", me?.signIns ?? []);
    const changes = c.req.method !== "GET" && c.req.method !== "HEAD";
    if (changes || c.req.path.startsWith("/api/auth/")) {
      // Before and after: whatever was read while the change ran is not kept either.
      sessions.clear();
      try {
        await next();
      } finally {
        sessions.clear();
      }
      return;
    }
    await next();
  };
  return { viewer, middleware };
}

export type SessionReader = ReturnType<typeof sessionReader>;

/**
 * The value of a cookie signed the way better-auth (better-call) signs it: `value.base64(HMAC-SHA256)`,
 * URI-encoded; the first cookie of that name counts. Null when absent or when the signature is wrong.
 */
export async function verifiedCookieValue(header: string | undefined, name: string, key: webcrypto.CryptoKey): Promise<string | null> {
  const raw = header ? cookieValue(header, name) : undefined;
  if (!raw) return null;
  const dot = raw.lastIndexOf(".");
  if (dot < 1) return null;
  const value = raw.slice(0, dot);
  const signature = raw.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  try {
    return (await webcrypto.subtle.verify("HMAC", key, Buffer.from(signature, "base64"), new TextEncoder().encode(value))) ? value : null;
  } catch {
    return null;
  }
}

function cookieValue(header: string, name: string): string | undefined {
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    try {
      return value.includes("%") ? decodeURIComponent(value) : value;
    } catch {
      return value;
    }
  }
  return undefined;
}

export type SessionUser = Omit<Me, "hasPassword" | "signIns">;

/** The session's user as routes see it (`c.get("user")`); whether they have a password is `c.get("hasPassword")`. */
export function withoutPassword(me: Me): SessionUser {
  const { hasPassword: _hasPassword, signIns: _signIns, ...user } = me;
  return user;
}

export function requireUser(user: SessionUser | null): SessionUser {
  if (!user) throw new AppError("unauthorized", errorText("errors.account.notSignedIn"));
  return user;
}

export function requireVerifiedUser(user: SessionUser | null): SessionUser {
  const signedIn = requireUser(user);
  if (!signedIn.emailVerified) throw new AppError("forbidden", errorText("errors.account.verifyEmailFirst"));
  return signedIn;
}

export function requireAdmin(user: SessionUser | null): SessionUser {
  const verified = requireVerifiedUser(user);
  if (!verified.isAdmin) throw new AppError("forbidden", errorText("errors.account.adminsOnly"));
  return verified;
}

/** For a group of routes that are all for admins: 401 signed out, 403 not an admin, before any of them runs. */
export const adminsOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireAdmin(c.get("user"));
  await next();
};
