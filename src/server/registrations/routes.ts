import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { randomUUID } from "node:crypto";
import { joinSchema } from "../../shared/registration-schemas.ts";
import { requireAdmin, requireVerifiedUser } from "../auth/session.ts";
import { payment } from "../db/schema.ts";
import { isEventId } from "../events/event-summary.ts";
import { getEventDetail } from "../events/get-event.ts";
import { AppError } from "../http/errors.ts";
import type { AppEnv } from "../http/env.ts";
import { parseJson } from "../http/validate.ts";
import { cancelRegistration } from "./cancel.ts";
import { cancelEvent } from "./cancel-event.ts";
import { confirmPayment } from "./confirm.ts";
import type { RegistrationDeps } from "./deps.ts";
import { REFUND_QUEUE } from "./jobs.ts";
import { joinEvent } from "./join.ts";

const UUID = "[0-9a-fA-F-]{36}";

/** Registrations under /api/events/:id (DESIGN §7). Thin: parse, check the caller, call the rule. */
export function registrationRoutes(deps: RegistrationDeps) {
  return new Hono<AppEnv>()
    .post("/:id/registrations", async (c) => {
      const user = requireVerifiedUser(c.get("user"));
      const input = await parseJson(c, joinSchema);
      const result = await joinEvent(deps, { user, eventId: c.req.param("id"), input });
      return c.json(result.body, result.httpStatus);
    })
    .post("/:id/registrations/me/confirm", async (c) => {
      const user = requireVerifiedUser(c.get("user"));
      const result = await confirmPayment(deps, { user, eventId: c.req.param("id") });
      return c.json(result.body, result.httpStatus === 201 ? 200 : 202);
    })
    .delete("/:id/registrations/me", async (c) => {
      const user = requireVerifiedUser(c.get("user"));
      return c.json(await cancelRegistration(deps, { user, eventId: c.req.param("id") }));
    })
    .post("/:id/cancel", async (c) => {
      const admin = requireAdmin(c.get("user"));
      await cancelEvent(deps, { eventId: c.req.param("id") });
      return c.json({ event: await getEventDetail({ db: deps.database.db, id: c.req.param("id"), viewer: admin }) });
    })
    .post(`/:id/refunds/:paymentId{${UUID}}/retry`, async (c) => {
      requireAdmin(c.get("user"));
      await retryRefund(deps, c.req.param("id"), c.req.param("paymentId"));
      return c.json({ ok: true }, 202);
    });
}

/**
 * An admin retries a refund that failed. A processor keeps a failed refund failed under its key, so
 * the retry gets a new one; only a failed row can be retried, so it can never refund twice.
 */
async function retryRefund(deps: RegistrationDeps, eventId: string, paymentId: string) {
  const { database, jobs } = deps;
  if (!isEventId(eventId)) throw new AppError("not_found", "No failed refund to retry.");
  const [row] = await database.db
    .update(payment)
    .set({ status: "pending", error: null, attempts: 0, idempotencyKey: `refund-retry:${paymentId}:${randomUUID()}` })
    .where(and(eq(payment.id, paymentId), eq(payment.eventId, eventId), eq(payment.kind, "refund"), eq(payment.status, "failed")))
    .returning({ id: payment.id });
  if (!row) throw new AppError("not_found", "No failed refund to retry.");
  await jobs?.send(REFUND_QUEUE, { paymentId: row.id });
}
