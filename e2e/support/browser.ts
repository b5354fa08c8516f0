import { mkdirSync } from "node:fs";
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, onTestFailed } from "vitest";
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_CHROMIUM_PATH } from "./chromium.ts";
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
const shared = new Map<string, Promise<Browser>>();
function sharedBrowser(executablePath: string): Promise<Browser> {
  let launching = shared.get(executablePath);
  if (!launching) {
    launching = chromium.launch({ executablePath, args: CHROMIUM_ARGS }).then((launched) => {
      launched.on("disconnected", () => shared.delete(executablePath));
      launched.on("context", watchForPageProblems);
      return launched;
    });
    shared.set(executablePath, launching);
  }
  return launching;
}

/**
 * `full`: the full Chromium rather than the headless shell the specs drive (chromium.ts), for a spec
 * that needs what the shell lacks (the Push API). Launched once per lane's worker too, when first asked.
 */
export function useBrowser(options: { full?: boolean } = {}) {
  let browser: Browser;
  let before = new Set<BrowserContext>();

  beforeAll(async () => {
    browser = await sharedBrowser(options.full ? CHROMIUM_PATH : E2E_CHROMIUM_PATH);
    before = new Set(browser.contexts());
  });
  afterEach(failOnPageProblems);
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

/**
 * Every spec fails on a page's uncaught error (a React hydration error such as #418 is one) and on
 * every console error a script logs, whichever context or page it came from (issue 32, "Hydration
 * errors"; docs/testing-and-budgets.md, "Page errors"). The browser's own line for a request that did
 * not succeed ("Failed to load resource: …") fails a test when the server answered 5xx or 429 (a
 * fault, or a limit that a person would hit); a 4xx answer the screen handles (a refused join, an
 * unknown game) and a request the network never carried (offline, a map tile) are what specs provoke
 * on purpose. A test that makes a page log an error on purpose names it with `expectConsoleError`.
 */
const pageProblems: string[] = [];
let expectedConsoleErrors: RegExp[] = [];

/** Watches a context's pages; a spec that launches a browser of its own passes it to `browser.on("context", …)`. */
export function watchForPageProblems(context: BrowserContext) {
  context.on("weberror", (webError) => pageProblems.push(`uncaught error on ${webError.page()?.url() ?? "a page"}: ${webError.error().stack ?? webError.error().message}`));
  context.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = `${message.text()} (${message.location().url || message.page()?.url() || "no url"})`;
    if (isHandledRequestFailure(message.text()) || expectedConsoleErrors.some((pattern) => pattern.test(text))) return;
    pageProblems.push(`console error: ${text}`);
  });
}

function isHandledRequestFailure(text: string): boolean {
  if (!text.startsWith("Failed to load resource:")) return false;
  const status = /status of (\d{3})/.exec(text)?.[1];
  return status === undefined || (status < "500" && status !== "429");
}

/** Lets console errors that match `pattern` through, for the running test only. */
export function expectConsoleError(pattern: RegExp) {
  expectedConsoleErrors.push(pattern);
}

function failOnPageProblems() {
  const problems = pageProblems.splice(0);
  expectedConsoleErrors = [];
  if (problems.length > 0) throw new Error(`The pages logged ${problems.length} error(s):\n${problems.join("\n")}`);
}
