/**
 * Settings the web app needs before anyone signs in (GET /api/config, src/server/public-config.ts).
 * Nothing secret. Here, in shared code, so that the web app never imports the server's files.
 */
export interface PublicConfig {
  appName: string;
  /** Share links must name the public site, also inside the Capacitor app (whose origin is local). */
  publicUrl: string;
  payments: {
    mode: "simulated" | "stripe";
    publishableKey: string | undefined;
    currency: string;
    feePercent: number;
    feeFixedCents: number;
  };
  mapTileUrl: string;
  googleEnabled: boolean;
  sessionIdleMs: number;
  /** The organiser's zone (GAME_TIME_ZONE): the game form starts with it, shown and changeable. */
  timeZone: string;
}
