import { Hono } from "hono";
import { z } from "zod";
import { nativeSubscriptionSchema, type PushOverview, pushSettingsSchema, SUBSCRIPTION_INVALID, webSubscriptionSchema } from "#shared/push.ts";
import { errorKey, errorText } from "#shared/i18n/error-key.ts";
import type { AppContext } from "#server/context.ts";
import { requireVerifiedUser } from "#server/auth/session.ts";
import { isUuid } from "#server/db/ids.ts";
import { AppError } from "#server/http/errors.ts";
import type { AppEnv } from "#server/http/env.ts";
import { parseJson } from "#server/http/validate.ts";
import { deviceLabel } from "./device-label.ts";
import { endpointAllowed } from "./endpoint.ts";
import { devicesOf, isMuted, removeSubscription, saveNativeSubscription, saveSettings, saveWebSubscription, setMuted, settingsOf, settingsView } from "./store.ts";

const unsubscribeSchema = z.object({ endpoint: z.string({ error: SUBSCRIPTION_INVALID }).min(1, SUBSCRIPTION_INVALID).max(2000, SUBSCRIPTION_INVALID) });
const muteSchema = z.object({ muted: z.boolean({ error: errorKey("errors.push.mutedBoolean") }) });

/**
 * /api/push (docs/notifications.md, docs/http-api.md): the signed-in account's pushes only: the key to
 * subscribe with, settings, devices, and the games it muted.
 */
export function pushRoutes(context: Pick<AppContext, "database" | "push" | "config">) {
  const { db } = context.database;
  const noStore = { "cache-control": "no-store" };
  const gameId = (id: string) => {
    if (!isUuid(id)) throw new AppError("not_found", errorText("errors.event.notFound"));
    return id;
  };
  return new Hono<AppEnv>()
    .get("/", async (c) => {
      const user = requireVerifiedUser(c.get("user"));
      const overview: PushOverview = {
        publicKey: context.push.vapid().publicKey,
        nativePlatforms: (["android", "ios"] as const).filter((platform) => context.push.senders[platform] !== null),
        settings: settingsView(await settingsOf(db, user.id)),
        devices: await devicesOf(db, user.id),
      };
      return c.json(overview, 200, noStore);
    })
    .post("/subscriptions", async (c) => {
      const user = requireVerifiedUser(c.get("user"));
      const input = await parseJson(c, webSubscriptionSchema);
      if (!endpointAllowed(input.endpoint, context.config)) throw new AppError("validation", errorText("errors.push.unknownService"), { endpoint: errorText("errors.push.unknownService") });
      const device = await saveWebSubscription(db, user.id, input, deviceLabel(c.req.header("user-agent")));
      return c.json({ device: { id: device.id, label: device.label, createdAt: device.createdAt.toISOString() } }, 201);
    })
    // The mobile app registers its device token here (docs/notifications.md); refused while its platform's sender is not configured.
    .post("/native-devices", async (c) => {
      const user = requireVerifiedUser(c.get("user"));
      const input = await parseJson(c, nativeSubscriptionSchema);
      if (!context.push.senders[input.platform]) throw new AppError("rule", errorText("errors.push.nativeOff"));
      const device = await saveNativeSubscription(db, user.id, input);
      return c.json({ device: { id: device.id, label: device.label, createdAt: device.createdAt.toISOString() } }, 201);
    })
    .delete("/subscriptions", async (c) => {
      const user = requireVerifiedUser(c.get("user"));
      const { endpoint } = await parseJson(c, unsubscribeSchema);
      return c.json({ removed: await removeSubscription(db, user.id, { endpoint }) });
    })
    .delete("/subscriptions/:id", async (c) => {
      const user = requireVerifiedUser(c.get("user"));
      const id = c.req.param("id");
      if (!isUuid(id) || !(await removeSubscription(db, user.id, { id }))) throw new AppError("not_found", errorText("errors.push.deviceNotFound"));
      return c.json({ removed: true });
    })
    .put("/settings", async (c) => {
      const user = requireVerifiedUser(c.get("user"));
      const input = await parseJson(c, pushSettingsSchema);
      return c.json({ settings: settingsView(await saveSettings(db, user.id, input)) });
    })
    .get("/mutes/:eventId", async (c) => {
      const user = requireVerifiedUser(c.get("user"));
      return c.json({ muted: await isMuted(db, user.id, gameId(c.req.param("eventId"))) }, 200, noStore);
    })
    .put("/mutes/:eventId", async (c) => {
      const user = requireVerifiedUser(c.get("user"));
      const eventId = gameId(c.req.param("eventId"));
      const { muted } = await parseJson(c, muteSchema);
      try {
        await setMuted(db, user.id, eventId, muted);
      } catch (error) {
        // The game's foreign key: no such game.
        if ((error as { code?: string }).code === "23503" || (error as { cause?: { code?: string } }).cause?.code === "23503") throw new AppError("not_found", errorText("errors.event.notFound"));
        throw error;
      }
      return c.json({ muted });
    });
}
