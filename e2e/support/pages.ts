import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { ARTIFACTS_DIR } from "./browser.ts";

/** Where the page is, without its origin or query. */
export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** A named section of a page (Players, Player Waitlist, Your Events' groups, the console's parts). */
export const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

/** The viewer's own state for the game, in the event page's side panel. */
export const yourRegistration = (page: Page) => page.getByRole("status", { name: "Your registration" });

/** The paid join's sheet: 'Complete Your Payment', titled 'Join the Waitlist' when the game is full (decision 040); it turns from one into the other as the game fills. */
export const paymentDialog = (page: Page) => page.getByRole("dialog", { name: /^(Complete Your Payment|Join the Waitlist)$/ });

/** Opens a game's page and waits until it shows the game. */
export async function openGame(page: Page, game: { id: string; title: string }) {
  await page.goto(`/event/${game.id}`);
  await page.getByRole("heading", { name: game.title, level: 1 }).waitFor();
}

/**
 * A screenshot of what is on screen, for open dialogs: a full-page capture makes Chromium briefly
 * resize the window, and the page would switch between its phone and desktop layouts underneath.
 */
export async function screenshotOnScreen(page: Page, name: string) {
  mkdirSync(`${ARTIFACTS_DIR}/screens`, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS_DIR}/screens/${name}.png` });
}

/** YYYY-MM-DD `days` from today in the browser's own zone (the one the create form and the timeline read). */
export function browserDate(page: Page, days: number): Promise<string> {
  return page.evaluate((offset) => {
    const date = new Date();
    date.setDate(date.getDate() + offset);
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
  }, days);
}

/**
 * Scrolls to the very end of the page and waits there until the page stops growing. A section that
 * finishes loading after the first scroll (the map, the live spots) makes the page taller, and a
 * single scrollTo would then stop short of the end.
 */
export async function scrollToEnd(page: Page) {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const root = document.documentElement;
        window.scrollTo(0, root.scrollHeight);
        requestAnimationFrame(() =>
          requestAnimationFrame(() => resolve(Math.ceil(window.scrollY + window.innerHeight) >= root.scrollHeight)),
        );
      }),
    undefined,
    { polling: 100 },
  );
}
