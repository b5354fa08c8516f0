import { z } from "zod";
import { guestSchema } from "./guest-schema.ts";
import { MAX_GUESTS_PER_PLAYER } from "./guests.ts";
import {
  CARD_DETAILS_MISSING,
  cardDigits,
  EXPIRED_CARD,
  INVALID_CARD_NUMBER,
  INVALID_CVC,
  INVALID_EXPIRY,
  isLuhnValid,
  parseExpiry,
} from "./registrations.ts";
import { errorKey } from "./i18n/error-key.ts";

/** The request bodies of registrations and saved cards (docs/http-api.md, "Routes"), checked the same way on both sides. */

/** POST /api/events/:id/registrations. Unknown keys (an `amount`, say) are dropped: the server prices every charge. */
export const joinSchema = z.object({
  role: z.enum(["player", "goalkeeper"], { error: errorKey("shared.registration.role") }),
  paymentMethodId: z.string().trim().min(1).max(255).optional(),
  consentToAutoCharge: z.boolean().optional(),
  /**
   * The price of one spot in this role as the page showed it. Never charged: the server prices every
   * join from the game's row under its lock, and refuses one whose price changed from what was shown
   * (409, naming the new price; a game that became free is taken free). Optional for older clients,
   * which are held to the price the server reads before the lock (docs/registrations-and-payments.md, "Join").
   */
  expectedPriceCents: z.number().int().min(0).max(100_000_000).optional(),
  /** +1 guests (players only, up to the game's limit, checked by the server): the party pays price × (1 + guests). */
  guests: z.array(guestSchema).max(MAX_GUESTS_PER_PLAYER, errorKey("shared.guests.tooMany", { max: MAX_GUESTS_PER_PLAYER })).optional(),
});
export type JoinInput = z.infer<typeof joinSchema>;

/** The card form's checks, on both sides; `now` decides what has expired. */
export function cardSchema(now: () => Date = () => new Date()) {
  return z
    .object({
      number: z.string({ error: CARD_DETAILS_MISSING }).max(40, INVALID_CARD_NUMBER),
      expiry: z.string({ error: CARD_DETAILS_MISSING }).max(10, INVALID_EXPIRY),
      cvc: z.string({ error: CARD_DETAILS_MISSING }).max(10, INVALID_CVC),
    }, { error: CARD_DETAILS_MISSING })
    .superRefine((card, ctx) => {
      if (!card.number.trim() || !card.expiry.trim() || !card.cvc.trim()) {
        ctx.addIssue({ code: "custom", message: CARD_DETAILS_MISSING });
        return;
      }
      const digits = cardDigits(card.number);
      if (!/^\d+$/.test(digits) || digits.length > 19 || !isLuhnValid(digits)) {
        ctx.addIssue({ code: "custom", path: ["number"], message: INVALID_CARD_NUMBER });
      }
      const expiry = parseExpiry(card.expiry);
      if (!expiry) {
        ctx.addIssue({ code: "custom", path: ["expiry"], message: INVALID_EXPIRY });
      } else {
        const today = now();
        const thisMonth = today.getUTCFullYear() * 12 + today.getUTCMonth() + 1;
        if (expiry.year * 12 + expiry.month < thisMonth) ctx.addIssue({ code: "custom", path: ["expiry"], message: EXPIRED_CARD });
      }
      if (!/^\d{3,4}$/.test(card.cvc.trim())) ctx.addIssue({ code: "custom", path: ["cvc"], message: INVALID_CVC });
    });
}
export type CardInput = z.infer<ReturnType<typeof cardSchema>>;

/** POST /api/me/payment-methods: simulated sends the card; stripe the id of a payment method confirmed by a SetupIntent. */
export const saveCardSchema = z.union([
  z.object({ card: cardSchema() }),
  z.object({ paymentMethodId: z.string().trim().min(1).max(255) }),
], { error: CARD_DETAILS_MISSING });

/** POST /api/payments/simulated/authenticate: the simulated bank's authentication page. */
export const simulatedAuthenticationSchema = z.object({
  clientSecret: z.string().min(1).max(255),
  outcome: z.enum(["complete", "fail"]),
});
