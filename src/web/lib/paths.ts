/** Every route of the web app, in one place (SPEC §2). */
export const paths = {
  home: "/",
  register: "/register",
  verifyEmail: "/verify-email",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  privacy: "/privacy",
  event: (id: string) => `/event/${encodeURIComponent(id)}`,
  confirmation: "/confirmation",
  yourEvents: "/your-events",
  profile: "/profile",
  createEvent: "/admin/create-event",
} as const;

const REMEMBERED_EVENT_KEY = "kickoff.returnTo";

/** SPEC §2: a visited /event/ path is remembered and the user is sent back to it after login. */
export function rememberEventPath(pathname: string) {
  if (pathname.startsWith("/event/")) localStorage.setItem(REMEMBERED_EVENT_KEY, pathname);
}

export function takeRememberedEventPath(): string | null {
  const path = localStorage.getItem(REMEMBERED_EVENT_KEY);
  localStorage.removeItem(REMEMBERED_EVENT_KEY);
  return path;
}
