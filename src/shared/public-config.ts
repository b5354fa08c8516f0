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
  /**
   * The sign-in providers configured on the server (GOOGLE_*, OIDC_*), in the order of their buttons:
   * the login screen offers each, the privacy page names each. Empty when there are none.
   */
  signInProviders: SignInProviderName[];
  sessionIdleMs: number;
  /** The organiser's zone (GAME_TIME_ZONE): the game form starts with it, shown and changeable. */
  timeZone: string;
}

/** A sign-in provider as the web app knows it: its id for /api/auth/sign-in/social and its name. */
export interface SignInProviderName {
  id: "google" | "oidc";
  label: string;
}
