import { Hono } from "hono";
import { checkInPutSchema } from "#shared/check-in-schemas.ts";
import type { AppContext } from "#server/context.ts";
import { adminsOnly } from "#server/auth/session.ts";
import type { AppEnv } from "#server/http/env.ts";
import { parseJson, parseRouteIds } from "#server/http/validate.ts";
import { getCheckInList } from "./get-check-in-list.ts";
import { markNoShows } from "./mark-no-shows.ts";
import { setCheckIn } from "./set-check-in.ts";
import { undoNoShows } from "./undo-no-shows.ts";

/**
 * Check-in at the pitch under /api/admin/events/:id/check-in (docs/product-rules.md, "Check-in";
 * docs/http-api.md). Admins only, checked here on every route. Thin: parse, check the caller, call the rule.
 */
export function checkInRoutes(deps: Pick<AppContext, "database" | "now">) {
  const { database } = deps;
  const now = () => deps.now?.() ?? new Date();
  return new Hono<AppEnv>()
    .use(adminsOnly)
    .get("/", async (c) => c.json(await getCheckInList(database, { eventId: parseRouteIds(c.req.param()).id, now: now() })))
    .post("/no-shows", async (c) => c.json(await markNoShows(database, { eventId: parseRouteIds(c.req.param()).id, now: now() })))
    .delete("/no-shows", async (c) => c.json(await undoNoShows(database, { eventId: parseRouteIds(c.req.param()).id, now: now() })))
    .put("/:registrationId", async (c) => {
      const { id, registrationId } = parseRouteIds(c.req.param());
      const { checkedIn } = await parseJson(c, checkInPutSchema);
      return c.json(await setCheckIn(database, { eventId: id, registrationId: registrationId!, checkedIn, now: now() }));
    });
}
