import type { Page } from "playwright-core";

/**
 * The app's notice (the green banner) hides itself 2.5 s after it shows and folds away over 300 ms.
 * On a loaded machine that is only a few round trips of the test, so a test must not expect it to
 * still be there one call after it found it. These helpers never do.
 */

/** The close button's accessible name, in either language (docs/languages.md). */
const CLOSE_NAME = /^(Close notification|Fermer la notification)$/;

/** Closes the notice if one shows and waits until it is gone. A click that finds it already gone is fine. */
export async function closeNotice(page: Page) {
  const close = page.getByRole("button", { name: CLOSE_NAME });
  if (await close.isVisible()) await close.click({ timeout: 1000 }).catch(() => undefined);
  await close.waitFor({ state: "detached", timeout: 5000 });
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The notice's box and the boxes of `others` (CSS selectors; `null` where nothing matches), read in the
 * page while the notice shows `message`, once they are the same in two frames in a row: what a person
 * sees, not a frame in the middle of a change (a bar that grows with the same answer that brings the
 * notice). `scrollToTop` scrolls first, in each frame.
 */
export async function boxesWhileNoticeShows<Name extends string>(
  page: Page,
  message: string,
  others: Record<Name, string>,
  { scrollToTop = false } = {},
): Promise<{ notice: Box } & Record<Name, Box | null>> {
  const lastFrame = `noticeBoxes${Math.random().toString(36).slice(2)}`;
  const handle = await page.waitForFunction(
    ({ message, others, scrollToTop, lastFrame }) => {
      const close = [...document.querySelectorAll("button[aria-label]")].find((button) =>
        ["Close notification", "Fermer la notification"].includes(button.getAttribute("aria-label") ?? ""),
      );
      const notice = close?.parentElement;
      if (!notice?.textContent?.includes(message)) return null;
      if (scrollToTop) window.scrollTo(0, 0);
      const box = (element: Element | null) => (element ? (element.getBoundingClientRect().toJSON() as Box) : null);
      const boxes: Record<string, Box | null> = { notice: box(notice) };
      for (const [name, selector] of Object.entries(others as Record<string, string>)) boxes[name] = box(document.querySelector(selector));
      const frames = window as unknown as Record<string, string | undefined>;
      const seen = JSON.stringify(boxes);
      const steady = frames[lastFrame] === seen;
      frames[lastFrame] = seen;
      return steady ? boxes : null;
    },
    { message, others, scrollToTop, lastFrame },
  );
  return (await handle.jsonValue()) as { notice: Box } & Record<Name, Box | null>;
}

/**
 * Stops the page's clock a moment from now, so a notice that shows stays while it is looked at. The
 * page must have had `page.clock.install()` before it loaded. On a busy machine the page's clock can
 * pass the moment asked for before Playwright gets there ("Cannot fast-forward to the past"): ask
 * again for a moment a little later.
 */
export async function holdTheClock(page: Page) {
  for (let attempt = 0; ; attempt++) {
    try {
      await page.clock.pauseAt(await page.evaluate(() => Date.now() + 200));
      break;
    } catch (error) {
      if (attempt === 4 || !String(error).includes("to the past")) throw error;
    }
  }
  // A page the server rendered takes input once its last part is hydrated, each part in a task of
  // its own (src/web/lib/hydrate-later.tsx): held before that, its root stayed inert and a click
  // waited forever (a CI run). The clock is moved on a millisecond at a time until then, far from
  // the notice's 2.5 s.
  for (let step = 0; step < 500 && (await page.evaluate(() => document.getElementById("root")?.hasAttribute("inert") ?? false)); step++) {
    await page.clock.runFor(1);
  }
}
