import { Hono } from "hono";
import { cancelEventSchema, createEventSchemaFor, type EditEventResponse } from "#shared/events.ts";
import { joinSchema } from "#shared/registration-schemas.ts";
import { requireAdmin, requireVerifiedUser } from "#server/auth/session.ts";
import { getEventDetail } from "#server/events/get-event.ts";
import type { AppEnv } from "#server/http/env.ts";
import { hasBody, parseJson } from "#server/http/validate.ts";
import { cancelRegistration } from "./cancel.ts";
import { cancelEvent } from "./cancel-event.ts";
import { confirmPayment } from "./confirm.ts";
import { editEvent } from "./edit-event.ts";
import { nowOf, type RegistrationDeps } from "./deps.ts";
import { askSpotWatch, withdrawSpotWatch } from "./spot-watch.ts";
import { getReceipt } from "./get-receipt.ts";
import { joinEvent } from "./join.ts";
import { previewCancelEvent } from "./preview-cancel-event.ts";
import { previewAccountDeletion } from "./preview-account-deletion.ts";
import { removeGuest } from "./remove-guest.ts";
import { retryRefund } from "#server/money/retry-refund.ts";

const UUID = "[0-9a-fA-F-]{36}";

/** Registrations under /api/events/:id (docs/http-api.md, "Routes"). Thin: parse, check the caller, call the rule. */
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
    .get("/:id/registrations/me/receipt", async (c) => {
      const user = requireVerifiedUser(c.get("user"));
      return c.json({ receipt: await getReceipt({ db: deps.database.db, eventId: c.req.param("id"), userId: user.id }) });
    })
    .delete("/:id/registrations/me", async (c) => {
      const user = requireVerifiedUser(c.get("user"));
      return c.json(await cancelRegistration(deps, { user, eventId: c.req.param("id") }));
    })
    .delete(`/:id/registrations/me/guests/:guestId`, async (c) => {
      const user = requireVerifiedUser(c.get("user"));
      return c.json(await removeGuest(deps, { user, eventId: c.req.param("id"), guestId: c.req.param("guestId") }));
    })
    // "Tell me if a spot opens": the game's page reads its watchers with the shared (cached) part.
    .put("/:id/spot-watch", async (c) => {
      const user = requireVerifiedUser(c.get("user"));
      const answer = await askSpotWatch({ db: deps.database.db, eventId: c.req.param("id"), userId: user.id, now: nowOf(deps) });
      deps.listCache?.invalidate();
      return c.json(answer);
    })
    .delete("/:id/spot-watch", async (c) => {
      const user = requireVerifiedUser(c.get("user"));
      const answer = await withdrawSpotWatch({ db: deps.database.db, eventId: c.req.param("id"), userId: user.id });
      deps.listCache?.invalidate();
      return c.json(answer);
    })
    .get("/:id/cancel-preview", async (c) => {
      requireAdmin(c.get("user"));
      return c.json(await previewCancelEvent(deps.database.db, c.req.param("id")));
    })
    .patch("/:id", async (c) => {
      // A game's edit: the same form and the same schema as creating (docs/product-rules.md, "Editing
      // and cancelling a game"); here because it changes the game's lists under its lock, promotes and
      // mails its players, as a cancel does.
      const admin = requireAdmin(c.get("user"));
      const input = await parseJson(c, createEventSchemaFor(deps.config.payments.currency));
      const { changes, notified } = await editEvent(deps, { eventId: c.req.param("id"), input });
      const event = await getEventDetail({ db: deps.database.db, id: c.req.param("id"), viewer: admin });
      return c.json({ event, changes, notified } satisfies EditEventResponse);
    })
    .post("/:id/cancel", async (c) => {
      const admin = requireAdmin(c.get("user"));
      // The body is optional: scripts and older clients cancel with none.
      const { message } = hasBody(c.req.raw) ? await parseJson(c, cancelEventSchema) : { message: "" };
      await cancelEvent(deps, { eventId: c.req.param("id"), message });
      return c.json({ event: await getEventDetail({ db: deps.database.db, id: c.req.param("id"), viewer: admin }) });
    })
    .post(`/:id/refunds/:paymentId{${UUID}}/retry`, async (c) => {
      requireAdmin(c.get("user"));
      const result = await retryRefund(deps, { eventId: c.req.param("id"), paymentId: c.req.param("paymentId") });
      return result === "retrying" ? c.json({ ok: true, status: "pending" }, 202) : c.json({ ok: true, status: "succeeded" }, 200);
    });
}

/** /api/me/account-deletion: what deleting one's account would refund, game by game, before confirming. */
export function accountDeletionRoutes(deps: RegistrationDeps) {
  return new Hono<AppEnv>().get("/", async (c) => {
    const user = requireVerifiedUser(c.get("user"));
    return c.json(await previewAccountDeletion(deps, user.id));
  });
}
