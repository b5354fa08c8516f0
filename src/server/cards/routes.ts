import { cardLabel } from "#shared/registrations.ts";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { saveCardSchema, simulatedAuthenticationSchema } from "#shared/registration-schemas.ts";
import type { AppContext } from "#server/context.ts";
import { requireVerifiedUser } from "#server/auth/session.ts";
import { AppError } from "#server/http/errors.ts";
import type { AppEnv } from "#server/http/env.ts";
import { parseJson } from "#server/http/validate.ts";
import type { RegistrationDeps } from "#server/registrations/deps.ts";
import { moveWaitlistPlaces, paymentInProgressOnCard, waitlistPlacesOnCard } from "#server/registrations/move-waitlist-card.ts";
import { ensureCustomerId, findCustomerId } from "#server/money/customers.ts";
import { CardError, GatewayUnavailableError } from "#server/money/processors/gateway.ts";
import { isSimulated } from "#server/money/processors/simulated.ts";
import { type ErrorText, errorKey, errorText } from "#shared/i18n/error-key.ts";
import { wordError } from "#server/i18n/error-language.ts";
import { requestLanguage } from "#server/i18n/request-language.ts";
import { translate } from "#server/i18n/translate.ts";

/** Its English, what the tests compare; thrown by key ("errors.cards.notFound"). */
export const CARD_NOT_FOUND = translate("en", "errors.cards.notFound");
export const CARDS_NOT_LOADED = errorText("errors.cards.notLoaded");
export const CARD_NOT_REMOVED = errorText("errors.cards.notRemoved");

/**
 * DELETE /api/me/payment-methods/:id may say what becomes of the waitlist places charged to the
 * card: moved to another saved card, or given up. Without either, such places make it a 409.
 */
const removeCardSchema = z
  .object({
    replaceWith: z.string({ error: errorKey("errors.cards.chooseAnother") }).trim().min(1, errorKey("errors.cards.chooseAnother")).max(255, errorKey("errors.cards.chooseAnother")).optional(),
    leaveWaitlists: z.literal(true, { error: errorKey("errors.cards.leaveWaitlistsTrue") }).optional(),
  })
  .refine((input) => !(input.replaceWith && input.leaveWaitlists), errorKey("errors.cards.replaceOrLeave"));

/** /api/me/payment-methods and /api/me/setup-intents: the signed-in user's own saved cards only. */
export function savedCardRoutes(deps: RegistrationDeps) {
  const { gateway } = deps;
  const { db } = deps.database;
  return new Hono<AppEnv>()
    .get("/payment-methods", async (c) => {
      const user = requireVerifiedUser(c.get("user"));
      const customerId = await findCustomerId(db, gateway, user.id);
      const cards = customerId ? await gateway.listCards(customerId).catch((error: unknown) => unavailable(c, error, CARDS_NOT_LOADED)) : [];
      return c.json({ paymentMethods: cards });
    })
    .post("/payment-methods", async (c) => {
      const user = requireVerifiedUser(c.get("user"));
      const input = await parseJson(c, saveCardSchema);
      // Each mode saves cards its own way: our test form, or Stripe's confirmed SetupIntent.
      if (gateway.mode === "simulated" && !("card" in input)) throw new AppError("validation", errorText("errors.cards.detailsMissing"));
      if (gateway.mode === "stripe" && !("paymentMethodId" in input)) throw new AppError("validation", errorText("errors.cards.detailsMissing"));
      const customerId = await ensureCustomerId(db, gateway, user);
      const paymentMethod = await gateway.saveCard({ customerId, ...input }).catch((error: unknown) => {
        // A payment method id the processor does not know, or another customer's: the request is
        // wrong (400), not the card declined (402).
        if (error instanceof CardError && error.code === "invalid_payment_method") {
          throw new AppError("validation", errorText("errors.cards.notFound"), { paymentMethodId: errorText("errors.cards.notFound") });
        }
        throw error;
      });
      return c.json({ paymentMethod }, 201);
    })
    .delete("/payment-methods/:cardId", async (c) => {
      const user = requireVerifiedUser(c.get("user"));
      const cardId = c.req.param("cardId");
      const input = await optionalJson(c, removeCardSchema);
      const customerId = await findCustomerId(db, gateway, user.id);
      const cards = customerId ? await gateway.listCards(customerId).catch((error: unknown) => unavailable(c, error, CARD_NOT_REMOVED)) : [];
      if (!customerId || !cards.some((card) => card.id === cardId)) throw new AppError("not_found", errorText("errors.cards.notFound"));
      const { replaceWith, leaveWaitlists } = input;
      const replacement = cards.find((card) => card.id === replaceWith && card.id !== cardId);
      if (replaceWith !== undefined && !replacement) {
        throw new AppError("validation", errorText("errors.cards.chooseAnother"), { replaceWith: errorText("errors.cards.chooseAnother") });
      }
      // A promotion's charge was sent with this card: it stays until that charge has landed.
      if (await paymentInProgressOnCard(db, { userId: user.id, cardId })) throw new AppError("conflict", errorText("errors.cards.paymentInProgress"));
      const games = await waitlistPlacesOnCard(db, { userId: user.id, cardId, now: new Date() });
      if (games.length > 0) {
        if (!replaceWith && !leaveWaitlists) return c.json({ error: { code: "card_in_use", message: wordError(errorText("errors.cards.inUse"), requestLanguage(c)), games } }, 409);
        await moveWaitlistPlaces(deps, { userId: user.id, cardId, action: replacement ? { replaceWith: replacement.id, label: cardLabel(replacement) } : { leave: true } });
      }
      await gateway.removeCard(customerId, cardId).catch((error: unknown) => unavailable(c, error, CARD_NOT_REMOVED));
      return c.body(null, 204);
    })
    .post("/setup-intents", async (c) => {
      const user = requireVerifiedUser(c.get("user"));
      if (!gateway.createSetupIntent) throw new AppError("not_found", errorText("errors.request.notFound"));
      const customerId = await ensureCustomerId(db, gateway, user);
      return c.json(await gateway.createSetupIntent(customerId), 201);
    });
}

/**
 * POST /api/payments/simulated/authenticate: the simulated bank's authentication step, standing in
 * for what Stripe.js does with 3-D Secure. Only the owner of the charge can answer it; the server
 * then reads the charge's new state when the browser asks it to confirm.
 */
export function simulatedBankRoutes(context: Pick<AppContext, "database" | "gateway">) {
  const { gateway } = context;
  const { db } = context.database;
  return new Hono<AppEnv>().post("/authenticate", async (c) => {
    const user = requireVerifiedUser(c.get("user"));
    if (!isSimulated(gateway)) throw new AppError("not_found", errorText("errors.request.notFound"));
    const input = await parseJson(c, simulatedAuthenticationSchema);
    const customerId = await findCustomerId(db, gateway, user.id);
    const outcome = customerId ? await gateway.authenticate({ ...input, customerId }) : null;
    if (!outcome) throw new AppError("not_found", errorText("errors.payment.noneWaitingAuthentication"));
    return c.json({ status: outcome.status });
  });
}

/**
 * The processor could not be reached: say what could not be done (502), rather than the payment
 * failure a card form would show; the detail goes to the log with the request's id.
 */
function unavailable(c: Context<AppEnv>, error: unknown, message: ErrorText): never {
  if (!(error instanceof GatewayUnavailableError)) throw error;
  console.error(`[${c.get("requestId")}] payment processor unavailable on ${c.req.method} ${c.req.path}: ${error.message}`);
  throw new AppError("payment_provider", message);
}

/** A JSON body that may be left out altogether (a plain DELETE): an empty one reads as {}. */
async function optionalJson<T extends z.ZodType>(c: Context<AppEnv>, schema: T): Promise<z.infer<T>> {
  if (!(await c.req.text()).trim()) {
    const parsed = schema.safeParse({});
    if (parsed.success) return parsed.data;
  }
  return parseJson(c, schema);
}
