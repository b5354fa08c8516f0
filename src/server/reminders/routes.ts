import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { type ReminderSettings, reminderSettingsSchema } from "#shared/calendar.ts";
import type { AppContext } from "#server/context.ts";
import { requireVerifiedUser } from "#server/auth/session.ts";
import { user as userTable } from "#server/db/schema.ts";
import type { AppEnv } from "#server/http/env.ts";
import { parseJson } from "#server/http/validate.ts";

/** /api/me/reminders — the Profile's "Game reminders" switch, apart from the new-game mails. */
export function myReminderRoutes(context: Pick<AppContext, "database">) {
  const { db } = context.database;
  return new Hono<AppEnv>()
    .get("/", async (c) => {
      const user = requireVerifiedUser(c.get("user"));
      const [row] = await db.select({ gameReminders: userTable.notifyGameReminders }).from(userTable).where(eq(userTable.id, user.id));
      c.header("cache-control", "no-store");
      return c.json({ gameReminders: row?.gameReminders ?? true } satisfies ReminderSettings);
    })
    .patch("/", async (c) => {
      const user = requireVerifiedUser(c.get("user"));
      const { gameReminders } = await parseJson(c, reminderSettingsSchema);
      await db.update(userTable).set({ notifyGameReminders: gameReminders }).where(eq(userTable.id, user.id));
      return c.json({ gameReminders } satisfies ReminderSettings);
    });
}
