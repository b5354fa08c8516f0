import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { HydrateLater, startHydrationInTurns, whenHydrated } from "./hydrate-later.tsx";

describe("HydrateLater on the server", () => {
  it("renders its part as its one element, with nothing around it, the tree the browser hydrates", () => {
    expect(renderToString(<main><HydrateLater as="section" className="list"><p>Ann</p><p>Bob</p></HydrateLater></main>)).toBe('<main><section class="list"><p>Ann</p><p>Bob</p></section></main>');
  });

  it("never waits for a turn there, even while a hydration would be under way in a browser", async () => {
    startHydrationInTurns({ textContent: "" } as HTMLElement);
    expect(renderToString(<HydrateLater as="div"><p>the lists</p></HydrateLater>)).toBe("<div><p>the lists</p></div>");
    await whenHydrated();
  });
});
