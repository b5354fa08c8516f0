/** The Capacitor app (capacitor.config.json; the native projects under android/ and ios/). */
export const MOBILE_APP_ID = "app.kickoff.games";

/** The custom URL scheme the app registers, for links when App Links / Universal Links are not verified. */
export const MOBILE_URL_SCHEME = "kickoff";

/**
 * The origins the app's web view runs at: Android with `server.androidScheme: "https"`, and iOS.
 * Inside the app the API is the server at PUBLIC_URL, so these (and nothing else) are trusted
 * cross-origin (docs/decisions/009-mobile-app-origin.md).
 */
export const MOBILE_APP_ORIGINS = ["https://localhost", "capacitor://localhost"] as const;

/** The app's paths that links open in the app (App Links, Universal Links). */
export const MOBILE_LINK_PATH_PREFIX = "/event/";
