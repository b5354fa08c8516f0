/**
 * The database schema, one file per part of the product (./schema/), gathered here for Drizzle, its
 * migrations (drizzle.config.ts) and every query: import tables from this file.
 */
export * from "./schema/accounts.ts";
export * from "./schema/mailbox.ts";
export * from "./schema/games.ts";
export * from "./schema/registrations.ts";
export * from "./schema/money.ts";
export * from "./schema/simulated-processor.ts";
export * from "./schema/analytics.ts";
export * from "./schema/console.ts";
export * from "./schema/teams.ts";
export * from "./schema/calendar.ts";
export * from "./schema/push.ts";
