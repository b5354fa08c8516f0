import { z } from "zod";
import { errorKey } from "./i18n/error-key.ts";

/**
 * The check-in request bodies (docs/http-api.md, "Routes"). Apart from check-in.ts so that the
 * event page, which only asks whether the window is open, does not load Zod.
 */

/** PUT /api/admin/events/:id/check-in/:registrationId: the state wanted, so a repeat is harmless. */
export const checkInPutSchema = z.object({ checkedIn: z.boolean({ error: errorKey("shared.checkIn.checkedIn") }) }).strict();
export type CheckInPut = z.infer<typeof checkInPutSchema>;
