// `npm run test:e2e`: end-to-end tests in the system Chromium (docs/testing-and-budgets.md, "Tests").
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { buildInputs, builtFrom, recordBuild } from "./support/build-stamp.mjs";

const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].filter(Boolean);
const browser = candidates.find((path) => existsSync(path));
if (!browser) {
  console.error(
    "No Chromium found for the end-to-end tests.\n" +
      "Install one (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROME_PATH to a Chrome/Chromium binary.",
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

const result = spawnSync("npx", ["vitest", "run", "--config", "e2e/vitest.config.ts", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, CHROME_PATH: browser },
});
process.exit(result.status ?? 1);
