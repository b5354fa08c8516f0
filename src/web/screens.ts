import { withMessages } from "./i18n/i18n.ts";

/**
 * Where each screen's code comes from, with the areas of messages it uses, fetched with it ("shared"
 * where it words messages written in src/shared with sharedMessage; docs/languages.md;
 * screen-areas.test.ts checks that a screen names every area its code uses).
 * Screens load on demand so that the first paint of / stays within its 95 KB budget (docs/testing-and-budgets.md, "Budgets"); the router renders them and
 * early-start.ts asks for the current one at once.
 */
export const screenLoaders = {
  home: withMessages(["home"], () => import("./routes/home.tsx")),
  // What the shell shows a visitor signed out, on any address that needs an account.
  login: withMessages(["account"], () => import("./routes/login.tsx")),
  register: withMessages(["account", "shared"], () => import("./routes/register.tsx")),
  verifyEmail: withMessages(["account"], () => import("./routes/verify-email.tsx")),
  forgotPassword: withMessages(["account"], () => import("./routes/forgot-password.tsx")),
  resetPassword: withMessages(["account", "shared"], () => import("./routes/reset-password.tsx")),
  privacy: withMessages(["privacy"], () => import("./routes/privacy.tsx")),
  event: withMessages(["event", "shared"], () => import("./routes/event.tsx")),
  // Admins at the pitch only: a chunk of its own, never in a player's first paint.
  checkIn: withMessages(["admin", "shared"], () => import("./routes/check-in.tsx")),
  // Admins at the pitch only, like check-in.
  teams: withMessages(["admin", "shared"], () => import("./routes/teams.tsx")),
  confirmation: withMessages(["event"], () => import("./routes/confirmation.tsx")),
  yourEvents: withMessages(["yours"], () => import("./routes/your-events.tsx")),
  // Profile shows the saved cards, whose texts are the payment dialog's ("event").
  profile: withMessages(["account", "event", "shared"], () => import("./routes/profile.tsx")),
  // The form shows the venue on the event page's map, with its texts ("event").
  createEvent: withMessages(["admin", "event", "shared"], () => import("./routes/create-event.tsx")),
  // Admins only, and rarely: a chunk of its own.
  editEvent: withMessages(["admin", "event", "shared"], () => import("./routes/edit-event.tsx")),
  // The console and its charts are admins' only: chunks of their own, never in a player's first paint.
  // The console's screen also shows the weekly series (routes/series.tsx, docs/series.md).
  console: withMessages(["admin", "shared"], () => import("./routes/console.tsx")),
  consoleEvent: withMessages(["admin"], () => import("./routes/console-event.tsx")),
  notFound: withMessages([], () => import("./routes/not-found.tsx")),
};
