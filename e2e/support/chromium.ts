/**
 * The system's full Chromium: what the Lighthouse bench drives, and the e2e specs that need what the
 * headless shell lacks (the Push API) (docs/testing-and-budgets.md, "Facts about the machines").
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/** What the e2e specs drive: Chromium's headless shell when installed (e2e/run.mjs chooses), else the full browser. */
export const E2E_CHROMIUM_PATH = process.env.E2E_CHROME_PATH ?? CHROMIUM_PATH;

/**
 * Without the networking flags Chromium keeps trying to reach the internet
 * (docs/testing-and-budgets.md, "Facts about the machines").
 */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
