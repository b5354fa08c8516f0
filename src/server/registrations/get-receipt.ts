import { and, eq, inArray } from "drizzle-orm";
import { HELD_STATUSES, parseCardLabel, type Receipt } from "#shared/registrations.ts";
import type { Db } from "#server/db/client.ts";
import { event, registration } from "#server/db/schema.ts";
import { readLedger } from "#server/money/read-money.ts";
import { isEventId } from "#server/events/event-summary.ts";
import { AppError } from "#server/http/errors.ts";
import { guestsByRegistration } from "#server/events/guests-by-registration.ts";
import { translate } from "#server/i18n/translate.ts";
import { errorText } from "#shared/i18n/error-key.ts";

/** Its English, what the tests compare; thrown by key ("errors.registration.noSpotHeld"). */
export const NO_SPOT_HELD = translate("en", "errors.registration.noSpotHeld");

/**
 * The confirmation page's receipt: the viewer's own spot in a game (held: confirmed or being paid
 * for), with what the card was charged from the ledger, never from anything the browser says.
 */
export async function getReceipt(options: { db: Db; eventId: string; userId: string }): Promise<Receipt> {
  const { db, eventId, userId } = options;
  if (!isEventId(eventId)) throw new AppError("not_found", errorText("errors.registration.noSpotHeld"));
  const [row] = await db
    .select({
      id: registration.id,
      role: registration.role,
      status: registration.status,
      priceCents: registration.amountCents,
      cardLabel: registration.cardLabel,
      event: {
        id: event.id,
        title: event.title,
        startsAt: event.startsAt,
        endsAt: event.endsAt,
        timeZone: event.timeZone,
        locationName: event.locationName,
        field: event.field,
      },
    })
    .from(registration)
    .innerJoin(event, eq(event.id, registration.eventId))
    .where(and(eq(registration.eventId, eventId), eq(registration.userId, userId), inArray(registration.status, [...HELD_STATUSES])));
  if (!row) throw new AppError("not_found", errorText("errors.registration.noSpotHeld"));

  // One charge row per registration (docs/registrations-and-payments.md, "Invariants", 4), from the money read.
  const charge = (await readLedger(db, { registrationIds: [row.id] })).find((entry) => entry.kind === "charge" && entry.status === "succeeded");

  return {
    event: { ...row.event, startsAt: row.event.startsAt.toISOString(), endsAt: row.event.endsAt.toISOString() },
    role: row.role,
    status: row.status as Receipt["status"],
    paidCents: charge?.amountCents ?? 0,
    priceCents: row.priceCents,
    card: row.priceCents > 0 ? parseCardLabel(row.cardLabel) : null,
    paidAt: charge ? charge.updatedAt.toISOString() : null,
    guests: (await guestsByRegistration(db, eventId, [...HELD_STATUSES])).get(row.id)?.map((guest) => guest.name) ?? [],
  };
}
