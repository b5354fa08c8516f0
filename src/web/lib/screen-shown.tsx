import { createContext, useContext, useEffect } from "react";

/**
 * When a page the server rendered is hydrated (docs/server-rendering.md, "The render"): the screen
 * sits in a Suspense boundary of the shell, and React hydrates such a boundary in a pass of its own,
 * after the shell's pass has committed and run its effects. An effect of the shell (or of the root)
 * therefore runs *before* the screen is hydrated; clearing what the render used there (the server's
 * clock, device and the "rendered on the server" flag the login screen reads) made the screen's
 * first render in the browser differ from the server's HTML: React's error #418, once seen after a
 * logout and a visit to an unknown game's link. `ScreenShown` is rendered after the screen, inside
 * its boundary, so its effect runs once the screen itself is hydrated. It renders nothing.
 */
const ScreenShownContext = createContext<(() => void) | undefined>(undefined);

export const ScreenShownProvider = ScreenShownContext.Provider;

export function ScreenShown() {
  const onShown = useContext(ScreenShownContext);
  useEffect(() => onShown?.(), [onShown]);
  return null;
}
