import { describe, expect, it } from "vitest";
import { eventPathFromUrl } from "./native.tsx";
import { signInLinkOf } from "./native-sign-in.ts";

describe("eventPathFromUrl", () => {
  it("opens the event of an App Link / Universal Link and of the custom scheme", () => {
    expect(eventPathFromUrl("https://kickoff.example/event/abc-123")).toBe("/event/abc-123");
    expect(eventPathFromUrl("https://kickoff.example/event/abc-123/?utm=x")).toBe("/event/abc-123");
    expect(eventPathFromUrl("kickoff://event/abc-123")).toBe("/event/abc-123");
  });

  it("opens nothing for other links", () => {
    for (const link of ["https://kickoff.example/profile", "https://kickoff.example/event/", "kickoff://profile/x", "javascript:alert(1)", "http://kickoff.example/event/a", "not a url"]) {
      expect(eventPathFromUrl(link), link).toBeNull();
    }
  });
});

describe("signInLinkOf (a provider's sign-in back from the system browser, docs/decisions/045)", () => {
  it("reads the code or the error of kickoff://auth/… links, and nothing else", () => {
    expect(signInLinkOf("kickoff://auth/signed-in?code=abc_123")).toEqual({ code: "abc_123" });
    expect(signInLinkOf("kickoff://auth/failed?error=access_denied")).toEqual({ error: "access_denied" });
    expect(signInLinkOf("kickoff://auth/failed")).toEqual({ error: "unknown" });
    for (const link of ["kickoff://auth/signed-in", "kickoff://event/abc", "https://kickoff.example/auth/signed-in?code=x", "not a url"]) {
      expect(signInLinkOf(link), link).toBeNull();
    }
    expect(eventPathFromUrl("kickoff://auth/signed-in?code=x")).toBeNull();
  });
});
