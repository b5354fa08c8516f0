import { afterEach, describe, expect, it, vi } from "vitest";
import { hydrateChecked } from "./hydration-check.ts";
import { firstDifference } from "./hydration-mismatch.ts";

/** A root as hydrateChecked reads it: its HTML. */
const rootWith = (html: string) => ({ innerHTML: html }) as HTMLElement;

describe("hydrateChecked", () => {
  afterEach(() => vi.restoreAllMocks());

  it("says nothing when hydrating leaves the server's HTML as it was, and settles once hydrated", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const root = rootWith("<h1>Sunday 5-a-side</h1>");
    let hydrated = false;
    await hydrateChecked(root, () => (hydrated = true));
    expect(hydrated).toBe(true);
    expect(errors).not.toHaveBeenCalled();
  });

  it("logs a console error naming where the first pass parted from the server's HTML", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const root = rootWith("<p>Starts 10:00 (Mountain Time)</p>");
    await hydrateChecked(root, () => (root.innerHTML = "<p>Starts 10:00 (Mountain Standard Time)</p>"));
    expect(errors.mock.calls[0]![0]).toContain("hydration: the first render differs from the server's HTML: at character 26");
  });
});

describe("firstDifference", () => {
  it("gives the first differing character and the text around it on each side", () => {
    expect(firstDifference("abcXdef", "abcYdef")).toBe('at character 3, the server\'s "abcXdef", the browser\'s "abcYdef"');
    expect(firstDifference("abc", "abcd")).toContain("at character 3");
  });
});
