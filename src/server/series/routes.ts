import { Hono } from "hono";
import { cancelEventSchema } from "#shared/events.ts";
import { createSeriesSchemaFor, editSeriesGameSchemaFor, type SeriesListResponse, seriesRegularsSchema } from "#shared/series.ts";
import type { AppContext } from "#server/context.ts";
import { requireAdmin } from "#server/auth/session.ts";
import type { AppEnv } from "#server/http/env.ts";
import { hasBody, parseJson } from "#server/http/validate.ts";
import type { RegistrationDeps } from "#server/registrations/deps.ts";
import { createSeries } from "./create-series.ts";
import { editSeriesRegulars } from "./edit-regulars.ts";
import { editSeriesGames } from "./edit-series-games.ts";
import { endSeries } from "./end-series.ts";
import { announceNewGames } from "./generate-games.ts";
import { getSeries, listSeries } from "./get-series.ts";

/** /api/admin/series: weekly series, admins only (docs/series.md). */
export function seriesRoutes(context: RegistrationDeps & Pick<AppContext, "listCache">) {
  const { listCache } = context;
  const { db } = context.database;
  const createSchema = createSeriesSchemaFor(context.config.payments.currency);
  const editSchema = editSeriesGameSchemaFor(context.config.payments.currency);
  return new Hono<AppEnv>()
    .get("/", async (c) => {
      requireAdmin(c.get("user"));
      return c.json({ series: await listSeries(db) } satisfies SeriesListResponse);
    })
    .post("/", async (c) => {
      const organizer = requireAdmin(c.get("user"));
      const { game, repeat } = await parseJson(c, createSchema);
      const { seriesId, gameIds } = await createSeries({ db, organizer, game, repeat, now: new Date() });
      listCache.invalidate();
      // The games exist whatever happens to the news (open home lists gain them; docs/live-updates.md).
      await announceNewGames(db, gameIds).catch((error: unknown) => console.error(`[${c.get("requestId")}] could not announce series ${seriesId}:`, error));
      return c.json(await getSeries(db, seriesId), 201);
    })
    .get("/:id", async (c) => {
      requireAdmin(c.get("user"));
      return c.json(await getSeries(db, c.req.param("id")));
    })
    .patch("/:id/games/:eventId", async (c) => {
      requireAdmin(c.get("user"));
      const { game, scope } = await parseJson(c, editSchema);
      return c.json(await editSeriesGames(context, { seriesId: c.req.param("id"), eventId: c.req.param("eventId"), scope, input: game }));
    })
    .put("/:id/regulars", async (c) => {
      requireAdmin(c.get("user"));
      const { regulars } = await parseJson(c, seriesRegularsSchema);
      return c.json(await editSeriesRegulars(context, { seriesId: c.req.param("id"), rule: regulars }));
    })
    .post("/:id/end", async (c) => {
      requireAdmin(c.get("user"));
      // A body-less end works too, as a body-less admin cancel does.
      const { message } = hasBody(c.req.raw) ? await parseJson(c, cancelEventSchema) : { message: "" };
      return c.json(await endSeries(context, { seriesId: c.req.param("id"), message: message || undefined }));
    });
}
