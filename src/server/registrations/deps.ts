import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import type { ListCache } from "../events/list-cache.ts";
import type { JobQueue } from "../jobs/queue.ts";
import type { PaymentGateway } from "../money/processors/gateway.ts";

/** What the registration rules need; routes, jobs and scripts build it once. */
export interface RegistrationDeps {
  database: Database;
  gateway: PaymentGateway;
  config: Pick<Config, "appName" | "publicUrl" | "payments">;
  /** Without it nothing is scheduled (refunds, promotions and mails wait for the recovery sweep). */
  jobs?: JobQueue;
  /** The home lists show spot counts: every change of a game's lists invalidates them. */
  listCache?: ListCache;
  now?: () => Date;
  /** How long a person's request may wait for a charge's outcome (join.ts); tests shorten it. */
  chargeBudgetMs?: number;
}

export const nowOf = (deps: RegistrationDeps) => (deps.now ? deps.now() : new Date());

export const feeRuleOf = (deps: RegistrationDeps) => ({
  feePercent: deps.config.payments.feePercent,
  feeFixedCents: deps.config.payments.feeFixedCents,
});
