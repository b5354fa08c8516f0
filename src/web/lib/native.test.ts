import { describe, expect, it } from "vitest";
import { eventPathFromUrl } from "./native.tsx";

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
