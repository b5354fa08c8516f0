import { startHydrationInTurns, whenHydrated } from "./hydrate-later.tsx";
import { reportMismatch } from "./hydration-mismatch.ts";

/**
 * Hydrates a page the server rendered, in turns (lib/hydrate-later.tsx), and says so on the console
 * when the first pass did not match the server's HTML: hydrating changes no HTML, it only attaches
 * handlers, so the root's HTML must be the same after it. Each part hydrated in a later turn checks
 * its own text the same way (`HydrateLater`). Resolves once the whole page is hydrated.
 */
export async function hydrateChecked(root: HTMLElement, hydrate: () => void): Promise<void> {
  const html = root.innerHTML;
  startHydrationInTurns(root);
  hydrate();
  reportMismatch(html, root.innerHTML);
  await whenHydrated();
}
