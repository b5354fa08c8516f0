import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import type { PaymentGateway } from "./gateway.ts";
import { createSimulatedGateway } from "./simulated.ts";
import { createStripeGateway } from "./stripe.ts";

/** The configured processor (PAYMENTS). */
export function createGateway(config: Config, db: Db): PaymentGateway {
  if (config.payments.mode === "stripe") {
    return createStripeGateway({ secretKey: config.payments.stripeSecretKey!, apiUrl: config.payments.stripeApiUrl });
  }
  return createSimulatedGateway(db, config.payments.simulatedFaults);
}
