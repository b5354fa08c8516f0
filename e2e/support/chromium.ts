/** The system Chromium the e2e specs and the Lighthouse bench drive (DESIGN §8, §10). */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/** DESIGN §10: without the networking flags Chromium keeps trying to reach the internet. */
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
