import type { Config } from "#server/config.ts";
import type { AppContext } from "#server/context.ts";
import type { ListCache } from "#server/events/list-cache.ts";

/**
 * What the registration rules read of the application context (context.ts): the database, the
 * processor, the job queue, the clock. Routes and workers pass the context itself; tests build only
 * these parts. Without `jobs` nothing is scheduled (refunds, promotions and mails wait for the
 * recovery sweep); without `listCache` no home list is invalidated.
 */
export type RegistrationDeps = Pick<AppContext, "database" | "gateway" | "jobs" | "now" | "chargeBudgetMs"> & {
  config: Pick<Config, "appName" | "publicUrl" | "payments">;
  listCache?: ListCache;
};

export const nowOf = (deps: Pick<RegistrationDeps, "now">) => (deps.now ? deps.now() : new Date());

export const feeRuleOf = (deps: Pick<RegistrationDeps, "config">) => ({
  feePercent: deps.config.payments.feePercent,
  feeFixedCents: deps.config.payments.feeFixedCents,
});
