import { afterEach, describe, expect, it, vi } from "vitest";
import { firstDifference, hydrateChecked } from "./hydration-check.ts";

describe("hydrateChecked", () => {
  afterEach(() => vi.restoreAllMocks());

  it("says nothing when hydrating leaves the server's HTML as it was", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const root = { innerHTML: "<h1>Sunday 5-a-side</h1>" } as HTMLElement;
    let hydrated = false;
    hydrateChecked(root, () => (hydrated = true));
    expect(hydrated).toBe(true);
    expect(errors).not.toHaveBeenCalled();
  });

  it("logs a console error naming where the first render parted from the server's HTML", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const root = { innerHTML: "<p>Starts 10:00 (Mountain Time)</p>" } as HTMLElement;
    hydrateChecked(root, () => (root.innerHTML = "<p>Starts 10:00 (Mountain Standard Time)</p>"));
    expect(errors).toHaveBeenCalledTimes(1);
    expect(errors.mock.calls[0]![0]).toContain("hydration: the first render differs from the server's HTML: at character 26");
  });
});

describe("firstDifference", () => {
  it("gives the first differing character and the text around it on each side", () => {
    expect(firstDifference("abcXdef", "abcYdef")).toBe('at character 3, the server\'s "abcXdef", the browser\'s "abcYdef"');
    expect(firstDifference("abc", "abcd")).toContain("at character 3");
  });
});
