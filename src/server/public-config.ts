import type { PublicConfig } from "#shared/public-config.ts";
import type { Config } from "./config.ts";

/** Settings the web app needs before anyone signs in (GET /api/config). Nothing secret. */
export function publicConfig(config: Config): PublicConfig {
  return {
    appName: config.appName,
    publicUrl: config.publicUrl,
    payments: {
      mode: config.payments.mode,
      publishableKey: config.payments.mode === "stripe" ? config.payments.stripePublishableKey : undefined,
      currency: config.payments.currency,
      feePercent: config.payments.feePercent,
      feeFixedCents: config.payments.feeFixedCents,
    },
    mapTileUrl: config.mapTileUrl,
    signInProviders: config.signInProviders.map(({ id, label }) => ({ id, label })),
    sessionIdleMs: config.sessionIdleMs,
    timeZone: config.timeZone,
  };
}
