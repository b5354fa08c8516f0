// `npm run test:e2e`: end-to-end tests in the system Chromium (docs/testing-and-budgets.md, "Tests").
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { buildInputs, builtFrom, recordBuild } from "./support/build-stamp.mjs";

// The specs drive Chromium's headless shell when it is installed (docs/testing-and-budgets.md, "Facts
// about the machines"): the full browser's headless mode opens its own UI pages in every window, half
// the run's CPU on two cores. The full browser is for the specs that need what the shell lacks.
const firstOf = (paths) => paths.filter(Boolean).find((path) => existsSync(path));
const fullBrowser = firstOf([process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]);
const browser = firstOf([process.env.E2E_CHROME_PATH, "/usr/bin/chromium-headless-shell"]) ?? fullBrowser;
if (!browser || !fullBrowser) {
  console.error(
    "No Chromium found for the end-to-end tests.\n" +
      "Install it (Debian/Ubuntu: sudo apt-get install -y chromium chromium-headless-shell) or set CHROME_PATH to a Chrome/Chromium binary.",
  );
  // A developer machine may run the other tests without a browser; CI must not.
  process.exit(process.env.CI ? 1 : 0);
}

// Built once per `npm test`: the unit tests' `npm run mobile:sync` has usually just built these very sources.
const inputs = buildInputs(process.env);
if (builtFrom(inputs)) {
  console.log("dist/ is built from these sources already (support/build-stamp.mjs): not building it again.");
} else {
  const build = spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
  recordBuild(inputs);
}

console.log(`End-to-end tests in ${browser}${browser === fullBrowser ? "" : ` (and ${fullBrowser} where a spec needs the full browser)`}.`);
const result = spawnSync("npx", ["vitest", "run", "--config", "e2e/vitest.config.ts", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, E2E_CHROME_PATH: browser, CHROME_PATH: fullBrowser },
});
process.exit(result.status ?? 1);
