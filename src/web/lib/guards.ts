import type { Me } from "#shared/account.ts";
import { paths } from "./paths.ts";

export type RouteDecision =
  | { kind: "loading" }
  | { kind: "render" }
  /** Show the login screen in place (the route "/" for anyone not signed in and verified). */
  | { kind: "login" }
  /** Show the home screen in place (/admin/create-event and /admin/event/{id}/edit for non-admins, as the original product does). */
  | { kind: "home" }
  | { kind: "redirect"; to: string };

const publicWhenSignedOut = new Set<string>([
  paths.home,
  paths.register,
  paths.verifyEmail,
  paths.privacy,
  paths.forgotPassword,
  paths.resetPassword,
]);

/**
 * The routing rules (docs/product-rules.md, "Screens and routes"), as a pure function of the path and
 * the auth state.
 */
export function decideRoute(pathname: string, user: Me | null | undefined): RouteDecision {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (user === undefined) return { kind: "loading" };

  if (user === null) {
    if (path === paths.home) return { kind: "login" };
    if (publicWhenSignedOut.has(path)) return { kind: "render" };
    return { kind: "redirect", to: paths.home };
  }

  if (!user.emailVerified) {
    if (path === paths.home) return { kind: "login" };
    if (path === paths.register || path === paths.verifyEmail || path === paths.privacy || path === paths.resetPassword) {
      return { kind: "render" };
    }
    return { kind: "redirect", to: paths.verifyEmail };
  }

  if (path === paths.register || path === paths.verifyEmail || path === paths.forgotPassword) {
    return { kind: "redirect", to: paths.home };
  }
  // Creating and editing games (/admin/…) are the admins'; the API refuses anyone else anyway.
  if (path.startsWith("/admin/") && !user.isAdmin) return { kind: "home" };
  // The console is the organisers' too (its API answers 403 to anyone else).
  if ((path === paths.console || path.startsWith(`${paths.console}/`)) && !user.isAdmin) return { kind: "home" };
  return { kind: "render" };
}
