import type { AppContext } from "#server/context.ts";

/**
 * What the money machinery reads of the application context (context.ts): the ledger's database,
 * the processor, and the job queue that runs refunds. Without `jobs` a refund waits for the recovery sweep.
 */
export type MoneyDeps = Pick<AppContext, "database" | "gateway" | "jobs">;
