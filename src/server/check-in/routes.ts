import { Hono } from "hono";
import { z } from "zod";
import { checkInPutSchema } from "../../shared/check-in-schemas.ts";
import { requireAdmin } from "../auth/session.ts";
import type { Database } from "../db/client.ts";
import type { AppEnv } from "../http/env.ts";
import { parseJson } from "../http/validate.ts";
import { validationError } from "../http/errors.ts";
import { getCheckInList } from "./get-check-in-list.ts";
import { markNoShows } from "./mark-no-shows.ts";
import { setCheckIn } from "./set-check-in.ts";
import { undoNoShows } from "./undo-no-shows.ts";

// Ids are checked before they reach a uuid column: a malformed one is a 400, not a database error.
const params = z.object({
  id: z.guid({ error: "The game's id is not valid." }),
  registrationId: z.guid({ error: "The registration's id is not valid." }).optional(),
});

function idsOf(raw: Record<string, string>) {
  const parsed = params.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/**
 * Check-in at the pitch under /api/admin/events/:id/check-in (docs/product-rules.md, "Check-in";
 * docs/http-api.md). Admins only, checked here on every route. Thin: parse, check the caller, call the rule.
 */
export function checkInRoutes(deps: { database: Database; now?: () => Date }) {
  const { database } = deps;
  const now = () => deps.now?.() ?? new Date();
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      requireAdmin(c.get("user"));
      await next();
    })
    .get("/", async (c) => c.json(await getCheckInList(database, { eventId: idsOf(c.req.param()).id, now: now() })))
    .post("/no-shows", async (c) => c.json(await markNoShows(database, { eventId: idsOf(c.req.param()).id, now: now() })))
    .delete("/no-shows", async (c) => c.json(await undoNoShows(database, { eventId: idsOf(c.req.param()).id, now: now() })))
    .put("/:registrationId", async (c) => {
      const { id, registrationId } = idsOf(c.req.param());
      const { checkedIn } = await parseJson(c, checkInPutSchema);
      return c.json(await setCheckIn(database, { eventId: id, registrationId: registrationId!, checkedIn, now: now() }));
    });
}
