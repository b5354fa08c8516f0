import { eq } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import type { Me } from "../../shared/account.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { session as sessionTable } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";
import type { AppEnv } from "../http/env.ts";
import { type Auth, isAdminEmail } from "./auth.ts";

/** Writing lastActiveAt on every request is wasteful; this much staleness is harmless. */
const ACTIVITY_WRITE_INTERVAL_MS = 15_000;

/**
 * Resolves the session of every API request and enforces the idle limit on the server:
 * a session with no request for SESSION_IDLE_MINUTES is deleted, so an idle cookie is worthless.
 */
export function sessionMiddleware(deps: { auth: Auth; db: Db; config: Config }): MiddlewareHandler<AppEnv> {
  const { auth, db, config } = deps;
  return async (c, next) => {
    c.set("user", null);
    const found = await auth.api.getSession({ headers: c.req.raw.headers, query: { disableRefresh: true } });
    if (found) {
      const now = Date.now();
      const lastActiveAt = new Date(found.session.lastActiveAt ?? found.session.createdAt).getTime();
      if (now - lastActiveAt > config.sessionIdleMs) {
        await db.delete(sessionTable).where(eq(sessionTable.id, found.session.id));
      } else {
        if (now - lastActiveAt > ACTIVITY_WRITE_INTERVAL_MS) {
          await db.update(sessionTable).set({ lastActiveAt: new Date(now) }).where(eq(sessionTable.id, found.session.id));
        }
        const user = found.user;
        c.set("user", {
          id: user.id,
          email: user.email,
          emailVerified: user.emailVerified,
          firstName: user.firstName,
          lastName: user.lastName,
          name: user.name,
          isAdmin: isAdminEmail(config, user.email),
          notifyNewEvents: user.notifyNewEvents ?? true,
        });
      }
    }
    await next();
  };
}

export type SessionUser = Omit<Me, "hasPassword">;

export function requireUser(user: SessionUser | null): SessionUser {
  if (!user) throw new AppError("unauthorized", "User not authenticated. Please log in.");
  return user;
}

export function requireVerifiedUser(user: SessionUser | null): SessionUser {
  const signedIn = requireUser(user);
  if (!signedIn.emailVerified) throw new AppError("forbidden", "Please verify your email before logging in. Check your inbox.");
  return signedIn;
}

export function requireAdmin(user: SessionUser | null): SessionUser {
  const verified = requireVerifiedUser(user);
  if (!verified.isAdmin) throw new AppError("forbidden", "Only admins can do this.");
  return verified;
}
