import { randomUUID } from "node:crypto";
import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { secureHeaders } from "hono/secure-headers";
import { analyticsHitRoutes, analyticsReportRoutes } from "./analytics/routes.ts";
import { authRoutes } from "./auth/auth-routes.ts";
import { meRoutes } from "./auth/routes.ts";
import { sessionReader } from "./auth/session.ts";
import type { AppContext } from "./context.ts";

import { liveRoutes } from "./live/routes.ts";
import { eventRoutes, myEventsRoutes, myRegistrationsRoutes } from "./events/routes.ts";
import { bodyGuard } from "./http/body-guard.ts";
import { compressAnswers } from "./http/compress.ts";
import { clientAddressMiddleware, isLoopback } from "./http/client-address.ts";
import { DATABASE_RETRY_AFTER_SECONDS, errorAnswer, handleError } from "./http/errors.ts";
import type { AppEnv } from "./http/env.ts";
import { mailboxRoutes } from "./mail/mailbox-routes.ts";
import { mobileAppCors, sameOriginWrites } from "./mobile/app-origins.ts";
import { wellKnownRoutes } from "./mobile/well-known.ts";
import { unsubscribeRoutes } from "./mail/unsubscribe.ts";
import { consoleRoutes } from "./console/routes.ts";
import { calendarFeedRoutes, eventCalendarRoutes, myCalendarFeedRoutes } from "./calendar/routes.ts";
import { myReminderRoutes } from "./reminders/routes.ts";
import { seriesRoutes } from "./series/routes.ts";
import { checkInRoutes } from "./check-in/routes.ts";
import { publishedTeamsRoutes, teamsRoutes } from "./teams/routes.ts";
import { savedCardRoutes, simulatedBankRoutes } from "./cards/routes.ts";
import { pushRoutes } from "./push/routes.ts";
import { isStripeGateway } from "./money/processors/stripe.ts";
import { stripeWebhookRoutes } from "./registrations/stripe-webhook.ts";
import { placesRoutes } from "./places/routes.ts";
import { accountDeletionRoutes, registrationRoutes } from "./registrations/routes.ts";
import { publicConfig } from "./public-config.ts";
import { ogRoutes } from "./og/routes.ts";
import { pageReads } from "./web/page-reads.ts";
import { pageRenderer } from "./web/render-page.ts";
import { spaRoutes } from "./web/spa.ts";
import { errorText } from "#shared/i18n/error-key.ts";

/** The built web app beside the server; without it only the API is served. */
export interface WebFiles {
  /** Folder of the built web app. */
  webDist?: string;
  /** The server's render of the first screen, built beside the web app (dist/ssr); without it pages render in the browser. */
  ssrDist?: string;
}

/** Builds the whole HTTP app without listening, so tests drive it through app.request(). */
export function createApp(context: AppContext, web: WebFiles = {}) {
  const { config, database, mailer, gateway } = context;
  const db = database.db;
  const stripeMode = config.payments.mode === "stripe";
  const app = new Hono<AppEnv>();

  app.use(async (c, next) => {
    c.set("requestId", c.req.header("x-request-id") ?? randomUUID());
    await next();
  });
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        // Stripe.js comes from Stripe (it may not be bundled): exactly what Stripe documents, only in stripe mode.
        scriptSrc: ["'self'", ...(stripeMode ? STRIPE_CSP.script : [])],
        ...(stripeMode ? { frameSrc: STRIPE_CSP.frame } : {}),
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", tileOrigin(config.mapTileUrl)],
        connectSrc: ["'self'", ...(stripeMode ? STRIPE_CSP.connect : [])],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(clientAddressMiddleware(config.trustProxy));
  // The mobile app (web assets local, API here): its origins only, before anything can answer.
  app.use("/api/*", mobileAppCors(config));
  app.use("/api/*", sameOriginWrites(config));
  // The analytics beacon, up to thousands a second (docs/decisions/018-first-party-analytics.md). Its
  // route reads and checks its own body (a declared length of at most 1 KB, given only to JSON.parse
  // and a strict schema), so it comes before the two body checks below, which would make every beacon
  // build a whole Request and copy its body; and before the session middleware, as a beacon reads no
  // session and must not clear the session cache as other writes do.
  app.route("/api/analytics", analyticsHitRoutes(context));
  // Every other body, on every route, is read and checked here before any handler (ours or better-auth's) runs.
  // A GET or HEAD has none (fetch's Request refuses one): asking for it would only build a whole
  // Request for every page and read.
  const withBody = (check: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> => (c, next) =>
    c.req.method === "GET" || c.req.method === "HEAD" ? next() : check(c, next);
  app.use(withBody(bodyLimit({ maxSize: 64 * 1024, onError: (c) => errorAnswer(c, "validation", errorText("errors.request.tooLarge"), 413) })));
  app.use(withBody(bodyGuard()));
  // API answers above ~1 KB go out with brotli or gzip (the upcoming list is 430 KB raw); SSE passes through.
  app.use("/api/*", compressAnswers());

  app.get("/healthz", async (c) => {
    try {
      await database.pool.query("select 1");
      return c.json({ status: "ok" });
    } catch {
      c.header("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
      return c.json({ status: "unavailable" }, 503);
    }
  });

  // Before better-auth's own endpoints too: an idle session must not be read, refreshed or used
  // there either (get-session, change-password, delete-user, list-sessions...).
  // Its cache is dropped by a session change on any instance, heard on the live channel.
  const sessions = sessionReader(context);
  app.use("/api/*", sessions.middleware);
  app.route("/api/auth", authRoutes(context));
  app.get("/api/config", (c) => c.json(publicConfig(config)));
  app.route("/api/me/events", myEventsRoutes(context));
  app.route("/api/me/account-deletion", accountDeletionRoutes(context));
  app.route("/api/me/registrations", myRegistrationsRoutes(context));
  app.route("/api/me/calendar-feed", myCalendarFeedRoutes(context));
  app.route("/api/me/reminders", myReminderRoutes(context));
  app.route("/api/me", meRoutes(context));
  app.route("/api/me", savedCardRoutes(context));
  app.route("/api/push", pushRoutes(context));
  // Before the event routes: /api/events/stream is not an event id.
  app.route("/api/events", liveRoutes(context));
  app.route("/api/events", eventRoutes(context));
  app.route("/api/events", registrationRoutes(context));
  app.route("/api/events/:id/teams", publishedTeamsRoutes(context));
  app.route("/api/events", eventCalendarRoutes(context));
  app.route("/api/calendar", calendarFeedRoutes(context));
  app.route("/api/admin/series", seriesRoutes(context));
  app.route("/api/admin", consoleRoutes(context));
  app.route("/api/admin/events/:id/check-in", checkInRoutes(context));
  app.route("/api/admin/events/:id/teams", teamsRoutes(context));
  app.route("/api/payments/simulated", simulatedBankRoutes(context));
  if (isStripeGateway(gateway)) {
    app.route(
      "/api/payments/webhook",
      stripeWebhookRoutes({ ...context, stripe: gateway.stripe, webhookSecret: config.payments.stripeWebhookSecret! }),
    );
  }
  app.route("/api/admin/analytics", analyticsReportRoutes(context));
  app.route("/api/places", placesRoutes(context));
  app.route("/api/unsubscribe", unsubscribeRoutes(context));
  app.all("/api/*", (c) => errorAnswer(c, "not_found", errorText("errors.request.notFound"), 404));

  app.route("/.well-known", wellKnownRoutes(config));

  if (mailer.local) {
    // Reset links are in there: only for someone at this machine (behind TRUST_PROXY, as the proxy reports).
    app.use("/dev/mailbox/*", async (c, next) => {
      if (!isLoopback(c.get("clientAddress"))) return c.text("The local mailbox is only served to this machine (open it on localhost).", 403);
      await next();
    });
    app.route("/dev/mailbox", mailboxRoutes(db));
  }
  // Link-preview pictures of games, before the web app's catch-all (docs/link-previews.md).
  app.route("/og", ogRoutes(context));
  if (web.webDist) {
    // The first screen rendered on the server checks the session as the API does, once, and reads
    // what the API's routes read, with their rules (docs/server-rendering.md, "One data path").
    const renderer = web.ssrDist
      ? pageRenderer({ ssrDist: web.ssrDist, webDist: web.webDist, viewer: sessions.viewer, reads: pageReads({ ...context, publicConfig: publicConfig(config) }), timeZone: config.timeZone })
      : undefined;
    app.route("/", spaRoutes({ ...context, webDist: web.webDist, renderer }));
  }

  app.notFound((c) => errorAnswer(c, "not_found", errorText("errors.request.notFound"), 404));
  app.onError(handleError);
  return app;
}

export type App = ReturnType<typeof createApp>;

/** Stripe's documented Content Security Policy for Stripe.js and its Elements (docs.stripe.com/security/guide). */
export const STRIPE_CSP = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
};

function tileOrigin(template: string): string {
  try {
    const url = new URL(template.replace(/\{[a-z]\}/g, "a"));
    // Tile templates often use {s} subdomains; allow them all.
    return template.includes("{s}") ? `${url.protocol}//*.${url.host.split(".").slice(1).join(".")}` : url.origin;
  } catch {
    return "'self'";
  }
}
