import { describe, expect, it } from "vitest";
import type { Me } from "#shared/account.ts";
import { decideRoute } from "./guards.ts";

const verified: Me = {
  id: "u1",
  email: "ann@example.com",
  emailVerified: true,
  firstName: "Ann",
  lastName: "Lee",
  name: "Ann Lee",
  isAdmin: false,
  notifyNewEvents: true,
  language: null,
  hasPassword: true,
  signIns: [],
};
const unverified: Me = { ...verified, emailVerified: false };
const admin: Me = { ...verified, isAdmin: true };

describe("decideRoute", () => {
  it("waits while the auth state is unknown", () => {
    expect(decideRoute("/profile", undefined)).toEqual({ kind: "loading" });
  });

  it("shows the login screen at / to signed-out and unverified users", () => {
    expect(decideRoute("/", null)).toEqual({ kind: "login" });
    expect(decideRoute("/", unverified)).toEqual({ kind: "login" });
    expect(decideRoute("/", verified)).toEqual({ kind: "render" });
  });

  it("lets signed-out users reach only the public screens", () => {
    for (const path of ["/register", "/verify-email", "/privacy", "/forgot-password", "/reset-password"]) {
      expect(decideRoute(path, null)).toEqual({ kind: "render" });
    }
    for (const path of ["/event/abc", "/profile", "/your-events", "/confirmation", "/admin/create-event"]) {
      expect(decideRoute(path, null)).toEqual({ kind: "redirect", to: "/" });
    }
  });

  it("sends unverified users to /verify-email except on /, /register and public pages", () => {
    expect(decideRoute("/profile", unverified)).toEqual({ kind: "redirect", to: "/verify-email" });
    expect(decideRoute("/event/abc", unverified)).toEqual({ kind: "redirect", to: "/verify-email" });
    expect(decideRoute("/register", unverified)).toEqual({ kind: "render" });
    expect(decideRoute("/verify-email", unverified)).toEqual({ kind: "render" });
    expect(decideRoute("/privacy", unverified)).toEqual({ kind: "render" });
  });

  it("sends verified users away from register and verify-email", () => {
    expect(decideRoute("/register", verified)).toEqual({ kind: "redirect", to: "/" });
    expect(decideRoute("/verify-email", verified)).toEqual({ kind: "redirect", to: "/" });
    expect(decideRoute("/profile/", verified)).toEqual({ kind: "render" });
  });

  it("shows the home screen to non-admins at /admin/create-event", () => {
    expect(decideRoute("/admin/create-event", verified)).toEqual({ kind: "home" });
    expect(decideRoute("/admin/create-event", admin)).toEqual({ kind: "render" });
    expect(decideRoute("/admin/event/abc/edit", verified)).toEqual({ kind: "home" });
    expect(decideRoute("/admin/event/abc/edit", admin)).toEqual({ kind: "render" });
  });

  it("shows the console and its rosters to admins only, the home screen to everyone else signed in", () => {
    for (const path of ["/console", "/console/", "/console/events/abc"]) {
      expect(decideRoute(path, admin)).toEqual({ kind: "render" });
      expect(decideRoute(path, verified)).toEqual({ kind: "home" });
      expect(decideRoute(path, null)).toEqual({ kind: "redirect", to: "/" });
    }
    expect(decideRoute("/consoles", verified)).toEqual({ kind: "render" });
  });
});
