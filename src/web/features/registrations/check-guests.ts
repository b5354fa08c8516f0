import { guestSchema } from "#shared/guest-schema.ts";
import type { GuestInput } from "#shared/guests.ts";
import { sharedMessage } from "#web/i18n/shared-message.ts";
import type { GuestCheck, GuestDraft, GuestErrors } from "./guests.ts";

// Loaded when a first guest row is added (use-guest-draft.ts), not with the game's page: the shared
// schema brings zod, whose start cost the page's phone a long task (docs/server-rendering.md, "What
// the first modules evaluate").

/** The rows checked by the shared schema the server checks them with, each problem under its field, in the screens' language. */
export function checkGuests(drafts: readonly GuestDraft[]): GuestCheck {
  const guests: GuestInput[] = [];
  const errors: GuestErrors = [];
  let ok = true;
  for (const draft of drafts) {
    const result = guestSchema.safeParse({ firstName: draft.firstName, lastName: draft.lastName });
    const rowErrors: GuestErrors[number] = {};
    if (result.success) {
      guests.push(result.data.lastName ? { firstName: result.data.firstName, lastName: result.data.lastName } : { firstName: result.data.firstName });
    } else {
      ok = false;
      for (const issue of result.error.issues) {
        const field = issue.path[0] === "lastName" ? "lastName" : "firstName";
        rowErrors[field] ??= sharedMessage(issue.message);
      }
    }
    errors.push(rowErrors);
  }
  return ok ? { ok: true, guests } : { ok: false, errors };
}
