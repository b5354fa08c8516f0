import { Hono } from "hono";
import { z } from "zod";
import { resolvePeriod } from "#shared/console-period.ts";
import type { AppContext } from "#server/context.ts";
import { adminsOnly } from "#server/auth/session.ts";
import { AppError } from "#server/http/errors.ts";
import type { AppEnv } from "#server/http/env.ts";
import { parseQuery } from "#server/http/validate.ts";
import { exportPayments } from "./export-payments.ts";
import { getOverview } from "./get-overview.ts";
import { getRoster } from "./get-roster.ts";
import { listAttention } from "./list-attention.ts";
import { rosterCsv, rosterFileName } from "./roster-csv.ts";

const periodQuery = z.object({ from: z.string().max(10).optional(), to: z.string().max(10).optional(), tz: z.string().max(64).optional() });

/** The organiser's console under /api/admin: admins only, checked here on every route. */
export function consoleRoutes(deps: Pick<AppContext, "database" | "config" | "now">) {
  const { database, config } = deps;
  const now = () => deps.now?.() ?? new Date();
  const money = { currency: config.payments.currency, feeRule: { feePercent: config.payments.feePercent, feeFixedCents: config.payments.feeFixedCents } };
  const periodOf = (query: z.infer<typeof periodQuery>) => {
    const result = resolvePeriod(query, now());
    if (!result.ok) throw new AppError("validation", result.message, { [result.field]: result.message });
    return result.period;
  };
  const csv = (body: string, filename: string) =>
    new Response(body, { headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${filename}"`, "cache-control": "private, no-store" } });

  return new Hono<AppEnv>()
    .use(adminsOnly)
    .get("/overview", async (c) => c.json(await getOverview(database, { period: periodOf(parseQuery(c, periodQuery)), now: now(), ...money })))
    .get("/attention", async (c) => c.json({ items: await listAttention(database, { now: now() }) }))
    .get("/payments.csv", async (c) => {
      const period = periodOf(parseQuery(c, periodQuery));
      return csv(await exportPayments(database, { period, ...money }), `payments-${period.from}-to-${period.to}.csv`);
    })
    .get("/events/:id/roster", async (c) => c.json(await getRoster(database, { eventId: c.req.param("id"), now: now(), ...money })))
    .get("/events/:id/roster.csv", async (c) => {
      const roster = await getRoster(database, { eventId: c.req.param("id"), now: now(), ...money });
      return csv(rosterCsv(roster), rosterFileName(roster));
    });
}
