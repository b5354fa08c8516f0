/** Every route of the web app, in one place (docs/product-rules.md, "Screens and routes"). */
export const paths = {
  home: "/",
  register: "/register",
  verifyEmail: "/verify-email",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  privacy: "/privacy",
  event: (id: string) => `/event/${encodeURIComponent(id)}`,
  /** Check-in at the pitch (admins; docs/product-rules.md, "Check-in"). */
  checkIn: (id: string) => `/event/${encodeURIComponent(id)}/check-in`,
  /** Making teams at the pitch (admins; docs/teams-and-ratings.md). */
  teams: (id: string) => `/event/${encodeURIComponent(id)}/teams`,
  confirmation: "/confirmation",
  /** The receipt of the viewer's own paid spot in a game; the server says what was bought. */
  confirmationOf: (eventId: string) => `/confirmation?event=${encodeURIComponent(eventId)}`,
  yourEvents: "/your-events",
  profile: "/profile",
  createEvent: "/admin/create-event",
  /** Editing a game (admins; docs/product-rules.md, "Editing and cancelling a game"). */
  editEvent: (id: string) => `/admin/event/${encodeURIComponent(id)}/edit`,
  // The weekly series' pages (/admin/series, /admin/series/{id}) are in features/series/series-paths.ts:
  // this object is in the first paint's code, within its 95 KB budget, and only admins open them.
  /** The organiser's console (admins). */
  console: "/console",
  consoleEvent: (id: string) => `/console/events/${encodeURIComponent(id)}`,
} as const;

const REMEMBERED_EVENT_KEY = "kickoff.returnTo";

/**
 * A visited /event/ path is remembered and the user is sent back to it after login
 * (docs/product-rules.md, "Screens and routes").
 * Kept for this tab only (sessionStorage, which survives the Google sign-in round trip): it belongs
 * to the signed-out visit, so someone who logs in on this device tomorrow does not land on it.
 */
export function rememberEventPath(pathname: string) {
  if (pathname.startsWith("/event/")) sessionStorage.setItem(REMEMBERED_EVENT_KEY, pathname);
}

export function takeRememberedEventPath(): string | null {
  const path = sessionStorage.getItem(REMEMBERED_EVENT_KEY);
  sessionStorage.removeItem(REMEMBERED_EVENT_KEY);
  return path;
}

/**
 * The game whose link a signed-out visitor opened (kept as above, not taken): the login screen shows
 * which game it is. Null when none was opened in this tab.
 */
export function rememberedEventId(): string | null {
  const path = sessionStorage.getItem(REMEMBERED_EVENT_KEY);
  const id = path ? /^\/event\/([^/?#]+)/.exec(path)?.[1] : undefined;
  if (!id) return null;
  try {
    return decodeURIComponent(id);
  } catch {
    return null;
  }
}
