// @vitest-environment node
import { lazy, Suspense } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ErrorBoundary } from "./error-boundary.tsx";

/**
 * What the server's render does with a screen that fails (docs/server-rendering.md): it throws, and
 * the page is sent plain for the browser to draw. Preact's server render leaves error boundaries out
 * unless `options.errorBoundaries` is set, which would send this message as the page instead.
 */
describe("the error boundary in the server's render", () => {
  it("lets a screen's error reach the render instead of drawing the failure message", () => {
    const Broken = () => {
      throw new Error("the screen failed");
    };
    expect(() => renderToString(<ErrorBoundary><Broken /></ErrorBoundary>)).toThrow("the screen failed");
  });

  it("fails the render on a part that would suspend, rather than sending its fallback", () => {
    const Never = lazy(() => new Promise<never>(() => undefined));
    const page = () => renderToString(<ErrorBoundary><Suspense fallback={<p>loading</p>}><Never /></Suspense></ErrorBoundary>);
    expect(page).toThrow();
  });

  it("renders its children when nothing fails", () => {
    expect(renderToString(<ErrorBoundary><p>the screen</p></ErrorBoundary>)).toBe("<p>the screen</p>");
  });
});
