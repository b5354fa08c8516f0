import { mkdirSync } from "node:fs";
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, onTestFailed } from "vitest";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.ts";
import { lane } from "./lanes.ts";

export const ARTIFACTS_DIR = "e2e/artifacts";

export function baseURL(): string {
  return lane().baseURL;
}

/**
 * One Chromium per lane's worker, shared by the spec files it runs one after another (e2e/vitest.config.ts,
 * `isolate: false`): launching one per file cost a second or two of the two cores each time. Files
 * stay apart: `newPage()` opens a fresh context (its own cookies, storage and service workers), and
 * when a file ends every context it opened is closed, those a spec made itself with
 * `browser().newContext()` included. Playwright closes the browser when the worker exits. A failing
 * test leaves a screenshot of every open page in e2e/artifacts.
 */
let shared: Promise<Browser> | undefined;
function sharedBrowser(): Promise<Browser> {
  shared ??= chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS }).then((launched) => {
    launched.on("disconnected", () => (shared = undefined));
    return launched;
  });
  return shared;
}

export function useBrowser() {
  let browser: Browser;
  let before = new Set<BrowserContext>();

  beforeAll(async () => {
    browser = await sharedBrowser();
    before = new Set(browser.contexts());
  });
  afterAll(async () => {
    if (!browser?.isConnected()) return;
    await Promise.all(browser.contexts().filter((context) => !before.has(context)).map((context) => context.close().catch(() => undefined)));
  });

  /** Other context options (isMobile, timezoneId, storageState...) pass through to Playwright. */
  async function newPage(options: { width?: number; height?: number } & Omit<BrowserContextOptions, "baseURL" | "viewport"> = {}): Promise<Page> {
    const { width = 1280, height = 800, ...contextOptions } = options;
    const context = await browser.newContext({ ...contextOptions, baseURL: baseURL(), viewport: { width, height } });
    const page = await context.newPage();
    screenshotIfTestFails(page);
    return page;
  }

  return { newPage, browser: () => browser };
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(`${ARTIFACTS_DIR}/screens`, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS_DIR}/screens/${name}.png`, fullPage: true });
}

/** A screenshot of the page in e2e/artifacts if the running test fails. */
export function screenshotIfTestFails(page: Page) {
  onTestFailed(async ({ task }) => {
    mkdirSync(ARTIFACTS_DIR, { recursive: true });
    const name = task.name.replace(/[^a-z0-9]+/gi, "-").toLowerCase();
    await page.screenshot({ path: `${ARTIFACTS_DIR}/failure-${name}-${Date.now()}.png`, fullPage: true }).catch(() => undefined);
  });
}
