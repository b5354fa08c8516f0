import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import { MOBILE_APP_ORIGINS } from "../../shared/mobile.ts";
import type { Config } from "../config.ts";
import { errorBody } from "../http/errors.ts";

const appOrigins: readonly string[] = MOBILE_APP_ORIGINS;

/**
 * Inside the Capacitor app the web assets are local (https://localhost, capacitor://localhost) and the
 * API is this server: exactly those origins may call it with credentials; no other origin gets any
 * CORS header (docs/decisions/009-mobile-app-origin.md).
 */
export function mobileAppCors(): MiddlewareHandler {
  const handler = cors({
    origin: (origin) => origin,
    credentials: true,
    allowMethods: ["GET", "POST", "PUT", "PATCH", "DELETE"],
    allowHeaders: ["content-type"],
    maxAge: 600,
  });
  return async (c, next) => {
    if (appOrigins.includes(c.req.header("origin") ?? "")) return handler(c, next);
    await next();
  };
}

/** Whether session cookies are sent cross-site (SameSite=None), so the app's origin can use them: only over https. */
export function crossSiteCookies(config: Pick<Config, "publicUrl">): boolean {
  return new URL(config.publicUrl).protocol === "https:";
}

/**
 * The origins that may sign in and call the API with the session: the public site (outside
 * production also localhost and 127.0.0.1 on its port) and the mobile app.
 */
export function trustedOrigins(config: Pick<Config, "publicUrl" | "production" | "port">): string[] {
  const site = config.production ? [config.publicUrl] : [config.publicUrl, `http://localhost:${config.port}`, `http://127.0.0.1:${config.port}`];
  return [...site, ...appOrigins];
}

/**
 * With SameSite=None cookies the browser no longer keeps other sites' requests from carrying the
 * session, so a request that changes something must come from this site or the app (or carry no
 * Origin at all: not a browser's cross-site request, e.g. a payment provider's webhook).
 */
export function sameOriginWrites(config: Pick<Config, "publicUrl" | "production" | "port">): MiddlewareHandler {
  // Compared as written: URL#origin of capacitor://localhost is "null".
  const allowed = new Set(trustedOrigins(config));
  return async (c, next) => {
    const origin = c.req.header("origin");
    if (origin && !["GET", "HEAD", "OPTIONS"].includes(c.req.method) && !allowed.has(origin)) {
      return c.json(errorBody("forbidden", "This request is not allowed from another site."), 403);
    }
    await next();
  };
}
