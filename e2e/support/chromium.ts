/**
 * The system Chromium the e2e specs and the Lighthouse bench drive (docs/testing-and-budgets.md,
 * "Tests" and "Facts about the machines").
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

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
