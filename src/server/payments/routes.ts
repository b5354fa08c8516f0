import { Hono } from "hono";
import { saveCardSchema, simulatedAuthenticationSchema } from "../../shared/registration-schemas.ts";
import { requireVerifiedUser } from "../auth/session.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../http/errors.ts";
import type { AppEnv } from "../http/env.ts";
import { parseJson } from "../http/validate.ts";
import { ensureCustomerId, findCustomerId } from "./customers.ts";
import type { PaymentGateway } from "./gateway.ts";
import { isSimulated } from "./simulated.ts";

export const CARD_NOT_FOUND = "That card was not found.";

/** /api/me/payment-methods and /api/me/setup-intents: the signed-in user's own saved cards only. */
export function savedCardRoutes(deps: { db: Db; gateway: PaymentGateway }) {
  const { db, gateway } = deps;
  return new Hono<AppEnv>()
    .get("/payment-methods", async (c) => {
      const user = requireVerifiedUser(c.get("user"));
      const customerId = await findCustomerId(db, gateway, user.id);
      return c.json({ paymentMethods: customerId ? await gateway.listCards(customerId) : [] });
    })
    .post("/payment-methods", async (c) => {
      const user = requireVerifiedUser(c.get("user"));
      const input = await parseJson(c, saveCardSchema);
      // Each mode saves cards its own way: our test form, or Stripe's confirmed SetupIntent.
      if (gateway.mode === "simulated" && !("card" in input)) throw new AppError("validation", "Card details are missing.");
      if (gateway.mode === "stripe" && !("paymentMethodId" in input)) throw new AppError("validation", "Card details are missing.");
      const customerId = await ensureCustomerId(db, gateway, user);
      const paymentMethod = await gateway.saveCard({ customerId, ...input });
      return c.json({ paymentMethod }, 201);
    })
    .delete("/payment-methods/:cardId", async (c) => {
      const user = requireVerifiedUser(c.get("user"));
      const cardId = c.req.param("cardId");
      const customerId = await findCustomerId(db, gateway, user.id);
      const cards = customerId ? await gateway.listCards(customerId) : [];
      if (!customerId || !cards.some((card) => card.id === cardId)) throw new AppError("not_found", CARD_NOT_FOUND);
      await gateway.removeCard(customerId, cardId);
      return c.body(null, 204);
    })
    .post("/setup-intents", async (c) => {
      const user = requireVerifiedUser(c.get("user"));
      if (!gateway.createSetupIntent) throw new AppError("not_found", "Not found.");
      const customerId = await ensureCustomerId(db, gateway, user);
      return c.json(await gateway.createSetupIntent(customerId), 201);
    });
}

/**
 * POST /api/payments/simulated/authenticate: the simulated bank's authentication step, standing in
 * for what Stripe.js does with 3-D Secure. Only the owner of the charge can answer it; the server
 * then reads the charge's new state when the browser asks it to confirm.
 */
export function simulatedBankRoutes(deps: { db: Db; gateway: PaymentGateway }) {
  const { db, gateway } = deps;
  return new Hono<AppEnv>().post("/authenticate", async (c) => {
    const user = requireVerifiedUser(c.get("user"));
    if (!isSimulated(gateway)) throw new AppError("not_found", "Not found.");
    const input = await parseJson(c, simulatedAuthenticationSchema);
    const customerId = await findCustomerId(db, gateway, user.id);
    const outcome = customerId ? await gateway.authenticate({ ...input, customerId }) : null;
    if (!outcome) throw new AppError("not_found", "No payment is waiting for authentication.");
    return c.json({ status: outcome.status });
  });
}
