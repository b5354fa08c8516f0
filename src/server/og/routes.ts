import { Hono } from "hono";
import type { AppContext } from "#server/context.ts";
import { errorBody } from "#server/http/errors.ts";
import { translate } from "#server/i18n/translate.ts";
import { isOver, ogCardFacts } from "./og-card-facts.ts";
import { getVersionedEventPreview } from "#server/events/get-event-preview.ts";
import { createOgImageCache, type OgImageCache } from "./og-image-cache.ts";
import { ogImagePath, ogStamp, parseOgFileName } from "./og-image-url.ts";
import { renderOgImage } from "./render-og-image.ts";

/** The context's database and configuration; a test may give its own picture cache and clock. */
export type OgRoutesDeps = Pick<AppContext, "database" | "config" | "now"> & { cache?: OgImageCache };

/**
 * GET /og/event/:id/:stamp/:file — a game's link-preview picture (docs/link-previews.md). The URL
 * names one picture for ever, so it is cached for a year; a URL whose stamp is no longer the
 * game's (it changed since the page was read) redirects to the current picture.
 */
export function ogRoutes(deps: OgRoutesDeps) {
  const { config } = deps;
  const { db } = deps.database;
  const cache = deps.cache ?? createOgImageCache({ maxEntries: 500, maxConcurrent: 2 });
  const now = deps.now ?? (() => new Date());
  const currency = config.payments.currency;
  const app = new Hono();
  const notFound = () => new Response(JSON.stringify(errorBody("not_found", translate("en", "errors.request.notFound"))), { status: 404, headers: { "Content-Type": "application/json" } });

  app.get("/event/:id/:stamp/:file", async (c) => {
    const file = parseOgFileName(c.req.param("file"));
    if (!file) return notFound();
    const found = await getVersionedEventPreview({ db, id: c.req.param("id") });
    if (!found) return notFound();
    const { summary, version } = found;
    const at = now();
    const stamp = ogStamp({ version, over: isOver(summary, at), currency, appName: config.appName });
    if (c.req.param("stamp") !== stamp) {
      // An older (or made-up) stamp: the game changed since that URL was given out. The current
      // picture's URL, not its bytes, so that no cache keeps today's picture under yesterday's URL.
      c.header("Cache-Control", "no-cache");
      return c.redirect(ogImagePath(summary.id, stamp, file.language, file.variant), 302);
    }
    const key = `${summary.id}|${stamp}|${file.language}|${file.variant}`;
    const png = await cache.get(key, () => renderOgImage(ogCardFacts(summary, { language: file.language, currency, now: at }), file.variant, config.appName));
    return c.body(new Uint8Array(png), 200, {
      "Content-Type": "image/png",
      "Content-Length": String(png.length),
      "Cache-Control": "public, max-age=31536000, immutable",
    });
  });
  app.all("*", () => notFound());
  return app;
}
