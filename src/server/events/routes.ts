import { Hono } from "hono";
import { z } from "zod";
import { createEventSchemaFor } from "#shared/events.ts";
import { errorKey } from "#shared/i18n/error-key.ts";
import type { AppContext } from "#server/context.ts";
import { requireAdmin, requireVerifiedUser, type SessionUser } from "#server/auth/session.ts";
import type { AppEnv } from "#server/http/env.ts";
import { AppError } from "#server/http/errors.ts";
import { parseJson, parseQuery } from "#server/http/validate.ts";
import { enqueueNewEventMail } from "./new-event-mail-jobs.ts";
import { announceNewEvent } from "./announce.ts";
import { createEvent } from "./create-event.ts";
import { askOpeningReminder, withdrawOpeningReminder } from "./ask-opening-reminder.ts";
import { EVENT_NOT_FOUND, getEventDetail } from "./get-event.ts";
import { getEventPreview } from "./get-event-preview.ts";
import { listMyActiveRegistrations } from "./list-my-active-registrations.ts";
import { listMyEvents } from "./list-my-events.ts";
import { listCompletedEvents, listUpcomingEvents } from "./list-events.ts";

const listQuerySchema = z.discriminatedUnion("scope", [
  z.object({ scope: z.literal("upcoming") }),
  z.object({
    scope: z.literal("completed"),
    page: z
      .string()
      .regex(/^-?\d{1,9}$/, errorKey("errors.request.page"))
      .transform(Number)
      .optional()
      .default(1),
  }),
], { error: errorKey("errors.request.scope") });

/** /api/events */
export function eventRoutes(context: Pick<AppContext, "database" | "jobs" | "listCache" | "config">) {
  const { jobs, listCache } = context;
  const { db } = context.database;
  const createEventSchema = createEventSchemaFor(context.config.payments.currency);
  const reads = eventReads(context);
  return new Hono<AppEnv>()
    .get("/", async (c) => {
      const json = await reads.list(parseQuery(c, listQuerySchema));
      return c.body(json, 200, { "content-type": "application/json; charset=UTF-8" });
    })
    .get("/:id/preview", async (c) => {
      // Anyone with the link: the public facts its link preview shows, for the signed-out visitor's
      // login screen (docs/decisions/019-full-games-and-the-viewers-own-state.md). Not cached: one row
      // by its key, as the page's Open Graph tags read it.
      return c.json(await reads.preview(c.req.param("id")));
    })
    .get("/:id", async (c) => {
      // Signed in means verified; an unverified session (after an email change) waits on /verify-email
      // (docs/product-rules.md, "Screens and routes").
      return c.json(await reads.detail(c.get("user"), c.req.param("id")));
    })
    // "Tell me when it opens" (docs/series.md, "What each person is told"): idempotent both ways.
    .put("/:id/opening-reminder", async (c) => {
      const viewer = requireVerifiedUser(c.get("user"));
      return c.json(await askOpeningReminder({ db, eventId: c.req.param("id"), userId: viewer.id, now: new Date() }));
    })
    .delete("/:id/opening-reminder", async (c) => {
      const viewer = requireVerifiedUser(c.get("user"));
      return c.json(await withdrawOpeningReminder({ db, eventId: c.req.param("id"), userId: viewer.id }));
    })
    .post("/", async (c) => {
      const organizer = requireAdmin(c.get("user"));
      const input = await parseJson(c, createEventSchema);
      const event = await createEvent({ db, organizer, input, now: new Date() });
      listCache.invalidate();
      // Open home lists gain it (docs/live-updates.md); the game exists whatever happens to the news.
      await announceNewEvent(db, event.id).catch((error: unknown) => console.error(`[${c.get("requestId")}] could not announce game ${event.id}:`, error));
      if (jobs) {
        // The event exists whatever happens to the announcement; failing the request now would
        // only invite the organiser to create it twice.
        await enqueueNewEventMail(jobs, event.id).catch((error: unknown) =>
          console.error(`[${c.get("requestId")}] could not schedule the new-game mail for ${event.id}:`, error),
        );
      }
      return c.json({ event }, 201);
    });
  // PATCH /:id, a game's edit, is with the registrations (registrations/routes.ts): it changes the
  // game's lists under its lock, promotes and mails its players.
}

/**
 * The reads of GET /api/events and GET /api/events/:id, with their rules: also what a page rendered on
 * the server reads for its viewer (src/server/web/page-reads.ts), so both answer the same.
 */
export function eventReads(context: Pick<AppContext, "database" | "listCache">) {
  const { listCache } = context;
  const { db } = context.database;
  return {
    /** The list's JSON, as kept by the shared list cache. */
    list: (query: z.infer<typeof listQuerySchema>): Promise<string> =>
      query.scope === "upcoming"
        ? listCache.get("upcoming", () => listUpcomingEvents({ db, now: new Date() }))
        : listCache.get(`completed:${query.page}`, () => listCompletedEvents({ db, now: new Date(), page: query.page })),
    /** GET /api/events/:id/preview: anyone with the link. */
    preview: async (id: string) => {
      const event = await getEventPreview({ db, id });
      if (!event) throw new AppError("not_found", EVENT_NOT_FOUND);
      return { event };
    },
    detail: async (user: SessionUser | null, id: string) => {
      // Signed in means verified; an unverified session (after an email change) waits on /verify-email
      // (docs/product-rules.md, "Screens and routes").
      const viewer = requireVerifiedUser(user);
      // The shared part comes from the cache the registration services invalidate (docs/decisions/010).
      return { event: await getEventDetail({ db, id, viewer, cache: listCache }) };
    },
  };
}

/** GET /api/me/registrations: the viewer's active registrations (and what a rendered home page reads). */
export async function readMyRegistrations(db: AppContext["database"]["db"], user: SessionUser | null) {
  const viewer = requireVerifiedUser(user);
  return listMyActiveRegistrations({ db, userId: viewer.id, now: new Date() });
}

/** /api/me/events */
export function myEventsRoutes(context: Pick<AppContext, "database">) {
  const { db } = context.database;
  return new Hono<AppEnv>().get("/", async (c) => {
    const user = requireVerifiedUser(c.get("user"));
    return c.json(await listMyEvents({ db, userId: user.id, now: new Date() }));
  });
}

/**
 * /api/me/registrations: the viewer's own spots and waitlist places in coming games, merged into the
 * shared home list by the browser (docs/caches-and-sessions.md): never part of a cached answer.
 */
export function myRegistrationsRoutes(context: Pick<AppContext, "database">) {
  const { db } = context.database;
  return new Hono<AppEnv>().get("/", async (c) => {
    return c.json(await readMyRegistrations(db, c.get("user")));
  });
}
