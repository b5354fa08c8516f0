import { eq } from "drizzle-orm";
import { Hono } from "hono";
import type { CalendarFeedCreated, CalendarFeedStatus } from "#shared/calendar.ts";
import type { AppContext } from "#server/context.ts";
import { requireVerifiedUser } from "#server/auth/session.ts";

import { event, user } from "#server/db/schema.ts";
import { isEventId } from "#server/events/event-summary.ts";
import { EVENT_NOT_FOUND } from "#server/events/get-event.ts";
import type { AppEnv } from "#server/http/env.ts";
import { AppError, errorAnswer } from "#server/http/errors.ts";
import { mailLanguage } from "#server/mail/mail-language.ts";
import { requestLanguage } from "#server/i18n/request-language.ts";
import { addGame, calendarGameOf, gameIcs, ICS_CONTENT_TYPE, icsFileName, icsText, newCalendar } from "./game-calendar.ts";
import { feedOwner, feedTokenCreatedAt, feedUrls, replaceFeedToken } from "./feed-token.ts";
import { listFeedGames } from "./list-feed-games.ts";
import { errorText } from "#shared/i18n/error-key.ts";

/** A subscribed calendar is asked to come back after an hour. */
export const FEED_REFRESH_SECONDS = 3600;

/**
 * GET /api/events/:id/calendar.ics — "Add to calendar": a game's public facts, as its link preview
 * shows them. Its alarms follow the signed-in reader's "Game reminders"; without a session (a link
 * opened elsewhere) the file rings 24 h and 2 h before, as the setting does by default
 * (docs/calendar-and-reminders.md, "Alarms").
 */
export function eventCalendarRoutes(context: Pick<AppContext, "database" | "config">) {
  const { config } = context;
  const { db } = context.database;
  return new Hono<AppEnv>().get("/:id/calendar.ics", async (c) => {
    const id = c.req.param("id");
    const [row] = isEventId(id) ? await db.select().from(event).where(eq(event.id, id)) : [];
    if (!row) throw new AppError("not_found", EVENT_NOT_FOUND);
    const alarms = await remindersOn(db, c.get("user")?.id ?? null);
    // In the language of the page it was added from (its cookie, else the browser's).
    return c.body(gameIcs(config, calendarGameOf(row), { language: requestLanguage(c), alarms }), 200, {
      "content-type": ICS_CONTENT_TYPE,
      "content-disposition": `attachment; filename="${icsFileName(row.title)}"`,
      "cache-control": "no-cache",
    });
  });
}

/**
 * GET /api/calendar/:token.ics — a person's feed, for calendar apps (which send no cookie). The
 * token is the only key: a malformed, wrong or replaced one gets the very answer of an unknown
 * route, so nothing tells whether it ever existed. Limited per client address (decision 006).
 */
export function calendarFeedRoutes(context: Pick<AppContext, "database" | "config" | "limiter">) {
  const { config, limiter } = context;
  const { db } = context.database;
  return new Hono<AppEnv>().get("/:file", async (c) => {
    await limiter.hit("calendarFeed", c.get("clientAddress"));
    const token = /^(.*)\.ics$/.exec(c.req.param("file"))?.[1];
    const userId = token ? await feedOwner(db, token) : null;
    if (!userId) return errorAnswer(c, "not_found", errorText("errors.request.notFound"), 404);
    // Calendar apps send no cookie: the feed speaks its owner's language, as their mails do.
    // Its alarms follow the owner's "Game reminders", like the reminder mails.
    const [owner] = await db.select({ language: user.language, alarms: user.notifyGameReminders }).from(user).where(eq(user.id, userId));
    const entry = { language: mailLanguage(owner?.language), alarms: owner?.alarms ?? true };
    const calendar = newCalendar(config, { name: config.appName, refreshSeconds: FEED_REFRESH_SECONDS });
    for (const game of await listFeedGames(db, userId, new Date())) addGame(calendar, config, game, entry);
    return c.body(icsText(calendar), 200, {
      "content-type": ICS_CONTENT_TYPE,
      // The address is a secret: no shared cache may keep the answer.
      "cache-control": "private, no-store",
      "x-robots-tag": "noindex",
    });
  });
}

/** Whether a reader's entries ring: their "Game reminders" setting; on without a reader, as the setting's default. */
async function remindersOn(db: AppContext["database"]["db"], userId: string | null): Promise<boolean> {
  if (!userId) return true;
  const [row] = await db.select({ on: user.notifyGameReminders }).from(user).where(eq(user.id, userId));
  return row?.on ?? true;
}

/** /api/me/calendar-feed — the Profile's "Subscribe in your calendar". */
export function myCalendarFeedRoutes(context: Pick<AppContext, "database" | "config">) {
  const { config } = context;
  const { db } = context.database;
  return new Hono<AppEnv>()
    .get("/", async (c) => {
      const user = requireVerifiedUser(c.get("user"));
      const createdAt = await feedTokenCreatedAt(db, user.id);
      c.header("cache-control", "no-store");
      return c.json({ feed: createdAt ? { createdAt: createdAt.toISOString() } : null } satisfies CalendarFeedStatus);
    })
    .post("/", async (c) => {
      const user = requireVerifiedUser(c.get("user"));
      const { token, createdAt } = await replaceFeedToken(db, user.id);
      const urls = feedUrls(config.publicUrl, token);
      c.header("cache-control", "no-store");
      return c.json({ feed: { createdAt: createdAt.toISOString(), webcalUrl: urls.webcal, httpsUrl: urls.https } } satisfies CalendarFeedCreated, 201);
    });
}
