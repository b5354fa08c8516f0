import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import type { PaymentGateway } from "./gateway.ts";
import { createSimulatedGateway } from "./simulated.ts";

/** The configured processor (PAYMENTS). */
export function createGateway(config: Config, db: Db): PaymentGateway {
  if (config.payments.mode === "stripe") {
    throw new Error("PAYMENTS=stripe is not available in this version yet; use PAYMENTS=simulated.");
  }
  return createSimulatedGateway(db, config.payments.simulatedFaults);
}
