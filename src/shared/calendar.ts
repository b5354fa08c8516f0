import { z } from "zod";
import { errorKey } from "./i18n/error-key.ts";

/** GET /api/me/calendar-feed: whether the user has a feed address, and since when (the address itself is shown once). */
export interface CalendarFeedStatus {
  feed: { createdAt: string } | null;
}

/** POST /api/me/calendar-feed: a new feed address, replacing any earlier one; the only time it is shown. */
export interface CalendarFeedCreated {
  feed: { createdAt: string; webcalUrl: string; httpsUrl: string };
}

/** GET and PATCH /api/me/reminders: the mails 24 hours and 2 hours before a game one holds a spot in. */
export const reminderSettingsSchema = z.object({ gameReminders: z.boolean({ error: errorKey("shared.calendar.gameReminders") }) });
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;
