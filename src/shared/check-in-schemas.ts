import { z } from "zod";

/**
 * The check-in request bodies (docs/http-api.md, "Routes"). Apart from check-in.ts so that the
 * event page, which only asks whether the window is open, does not load Zod.
 */

/** PUT /api/admin/events/:id/check-in/:registrationId: the state wanted, so a repeat is harmless. */
export const checkInPutSchema = z.object({ checkedIn: z.boolean({ error: "checkedIn must be true or false" }) }).strict();
export type CheckInPut = z.infer<typeof checkInPutSchema>;
