import { Hono } from "hono";
import { scoresPutSchema, starsPutSchema, teamsPutSchema, teamsSuggestSchema } from "#shared/teams-schemas.ts";
import type { AppContext } from "#server/context.ts";
import { adminsOnly, requireVerifiedUser } from "#server/auth/session.ts";
import type { AppEnv } from "#server/http/env.ts";
import { parseJson, parseRouteIds } from "#server/http/validate.ts";
import { getPublishedTeams } from "./get-published-teams.ts";
import { getTeamsSheet } from "./get-teams-sheet.ts";
import { saveScores } from "./save-scores.ts";
import { saveTeams } from "./save-teams.ts";
import { setStars } from "./set-stars.ts";
import { suggestTeams } from "./suggest-teams.ts";

/**
 * Fair teams under /api/admin/events/:id/teams (docs/teams-and-ratings.md, docs/http-api.md).
 * Admins only, checked here on every route. Thin: parse, check the caller, call the rule.
 */
export function teamsRoutes(deps: Pick<AppContext, "database" | "now">) {
  const { database } = deps;
  const now = () => deps.now?.() ?? new Date();
  return new Hono<AppEnv>()
    .use(adminsOnly)
    .get("/", async (c) => c.json(await getTeamsSheet(database, { eventId: parseRouteIds(c.req.param()).id, now: now() })))
    .post("/suggestions", async (c) => {
      const { id } = parseRouteIds(c.req.param());
      const body = await parseJson(c, teamsSuggestSchema);
      return c.json(await suggestTeams(database, { eventId: id, ...body, now: now() }));
    })
    .put("/", async (c) => {
      const { id } = parseRouteIds(c.req.param());
      const body = await parseJson(c, teamsPutSchema);
      return c.json(await saveTeams(database, { eventId: id, ...body, now: now() }));
    })
    .put("/scores", async (c) => {
      const { id } = parseRouteIds(c.req.param());
      const { scores } = await parseJson(c, scoresPutSchema);
      return c.json(await saveScores(database, { eventId: id, scores, now: now() }));
    })
    .put("/stars/:registrationId", async (c) => {
      const { id, registrationId } = parseRouteIds(c.req.param());
      const { stars } = await parseJson(c, starsPutSchema);
      return c.json(await setStars(database, { eventId: id, registrationId: registrationId!, stars, now: now() }));
    });
}

/** GET /api/events/:id/teams: the published teams for a signed-in, verified player. */
export function publishedTeamsRoutes(context: Pick<AppContext, "database">) {
  return new Hono<AppEnv>().get("/", async (c) => {
    const viewer = requireVerifiedUser(c.get("user"));
    return c.json(await getPublishedTeams(context.database.db, { eventId: parseRouteIds(c.req.param()).id, viewerId: viewer.id }));
  });
}
