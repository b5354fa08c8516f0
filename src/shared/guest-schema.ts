import { z } from "zod";
import { GUEST_FIRST_NAME_REQUIRED, GUEST_NAME_MAX, GUEST_NAME_NOT_ALLOWED, GUEST_NAME_TOO_LONG } from "./guests.ts";
import { hasControlCharactersOrLineBreaks } from "./text.ts";

/** A guest's name is one line: no control characters, and no line breaks either (a trailing one is trimmed). */
const guestName = (schema: z.ZodString) =>
  schema.max(GUEST_NAME_MAX, GUEST_NAME_TOO_LONG).refine((value) => !hasControlCharactersOrLineBreaks(value), GUEST_NAME_NOT_ALLOWED);

/** One guest as the join form sends it: names trimmed, a first name required, the last optional. */
export const guestSchema = z.object(
  {
    firstName: guestName(z.string({ error: GUEST_FIRST_NAME_REQUIRED }).trim().min(1, GUEST_FIRST_NAME_REQUIRED)),
    lastName: guestName(z.string().trim()).optional().transform((value) => value || undefined),
  },
  { error: GUEST_FIRST_NAME_REQUIRED },
);
export type GuestInput = z.input<typeof guestSchema>;
