/**
 * Where each screen's code comes from. Screens load on demand so that the first paint of / stays
 * within its 110 KB budget (docs/testing-and-budgets.md, "Budgets"); the router renders them and
 * early-start.ts asks for the current one at once.
 */
export const screenLoaders = {
  home: () => import("./routes/home.tsx"),
  register: () => import("./routes/register.tsx"),
  verifyEmail: () => import("./routes/verify-email.tsx"),
  forgotPassword: () => import("./routes/forgot-password.tsx"),
  resetPassword: () => import("./routes/reset-password.tsx"),
  privacy: () => import("./routes/privacy.tsx"),
  event: () => import("./routes/event.tsx"),
  // Admins at the pitch only: a chunk of its own, never in a player's first paint.
  checkIn: () => import("./routes/check-in.tsx"),
  // Admins at the pitch only, like check-in.
  teams: () => import("./routes/teams.tsx"),
  confirmation: () => import("./routes/confirmation.tsx"),
  yourEvents: () => import("./routes/your-events.tsx"),
  profile: () => import("./routes/profile.tsx"),
  createEvent: () => import("./routes/create-event.tsx"),
  // Admins only, and rarely: a chunk of its own.
  editEvent: () => import("./routes/edit-event.tsx"),
  // The console and its charts are admins' only: chunks of their own, never in a player's first paint.
  console: () => import("./routes/console.tsx"),
  consoleEvent: () => import("./routes/console-event.tsx"),
  notFound: () => import("./routes/not-found.tsx"),
};
