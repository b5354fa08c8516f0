// Which sources the web app in dist/ was built from, so that `npm test` builds it once: the unit
// tests' `npm run mobile:sync` (src/mobile/native-projects.test.ts) builds it and records that here,
// and e2e/run.mjs builds again only if anything the build reads has changed since, or dist/ was
// built since by another command (docs/testing-and-budgets.md, "Tests").
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = new URL("../../", import.meta.url).pathname;

/** What `npm run build` reads: the sources (src/web imports src/shared), its configuration and scripts, the installed packages. */
const INPUTS = ["src", "scripts", "vite.config.ts", "tsconfig.json", "package.json", "package-lock.json", "node_modules/.package-lock.json"];
/** The build's own outputs, whose size and time say whether dist/ is still the build recorded. */
const OUTPUTS = ["dist/web/index.html", "dist/web/.vite/manifest.json", "dist/ssr/entry-server.js"];
const STAMP = join(root, "dist", "build-inputs.json");

/**
 * A digest of every file the build reads and of the environment it reads (NODE_ENV and the VITE_
 * variables), taken before the build starts: a file changed during the build makes it differ.
 */
export function buildInputs(env) {
  const hash = createHash("sha256");
  const visit = (path, name) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path).sort()) visit(join(path, entry), `${name}/${entry}`);
      return;
    }
    hash.update(`${name}\0`);
    hash.update(readFileSync(path));
    hash.update("\0");
  };
  for (const input of INPUTS) visit(join(root, input), input);
  const variables = Object.keys(env)
    .filter((name) => name === "NODE_ENV" || name.startsWith("VITE_"))
    .sort()
    .map((name) => [name, env[name]]);
  hash.update(JSON.stringify(variables));
  return hash.digest("hex");
}

function outputs() {
  return OUTPUTS.map((path) => {
    const file = join(root, path);
    if (!existsSync(file)) return null;
    const { size, mtimeMs } = statSync(file);
    return { path, size, mtimeMs };
  });
}

/** After a build from `inputs` succeeded: dist/ as it is now is that build. */
export function recordBuild(inputs) {
  writeFileSync(STAMP, `${JSON.stringify({ inputs, outputs: outputs() }, null, 2)}\n`);
}

/** Whether dist/ holds the build recorded from exactly `inputs`, untouched since. */
export function builtFrom(inputs) {
  try {
    const recorded = JSON.parse(readFileSync(STAMP, "utf8"));
    const now = outputs();
    return recorded.inputs === inputs && now.every(Boolean) && JSON.stringify(recorded.outputs) === JSON.stringify(now);
  } catch {
    return false;
  }
}
