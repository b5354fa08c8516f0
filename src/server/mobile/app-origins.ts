import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import { mobileAppOrigins } from "#shared/mobile.ts";
import type { Config } from "#server/config.ts";
import { errorAnswer } from "#server/http/errors.ts";
import { errorText } from "#shared/i18n/error-key.ts";

/**
 * Inside the Capacitor app the web assets are local, at a subdomain of PUBLIC_URL's host
 * (https://app.<host> on Android, capacitor://app.<host> on iOS), and the API is this server: the
 * same site, another origin. Exactly those origins may call it with credentials; no other origin
 * gets any CORS header (docs/decisions/016-mobile-app-on-the-site.md).
 */
export function mobileAppCors(config: Pick<Config, "publicUrl">): MiddlewareHandler {
  const appOrigins = mobileAppOrigins(config.publicUrl);
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

/**
 * The origins that may sign in and call the API with the session: the public site (outside
 * production also localhost and 127.0.0.1 on its port) and the mobile app.
 */
export function trustedOrigins(config: Pick<Config, "publicUrl" | "production" | "port">): string[] {
  const site = config.production ? [config.publicUrl] : [config.publicUrl, `http://localhost:${config.port}`, `http://127.0.0.1:${config.port}`];
  return [...site, ...mobileAppOrigins(config.publicUrl)];
}

/**
 * A browser's request that changes something must come from this site or the app. The session
 * cookie is SameSite=Lax, so another site's requests do not carry it; but a sibling host of the same
 * site (another app on a subdomain of the same domain) is "same-site" to the browser and its
 * requests do. Requests without an Origin (not a browser's cross-site request, e.g. a payment
 * provider's webhook) are not affected.
 */
export function sameOriginWrites(config: Pick<Config, "publicUrl" | "production" | "port">): MiddlewareHandler {
  // Compared as written: URL#origin of a capacitor:// address is "null".
  const allowed = new Set(trustedOrigins(config));
  return async (c, next) => {
    const origin = c.req.header("origin");
    if (origin && !["GET", "HEAD", "OPTIONS"].includes(c.req.method) && !allowed.has(origin)) {
      return errorAnswer(c, "forbidden", errorText("errors.request.otherSite"), 403);
    }
    await next();
  };
}
