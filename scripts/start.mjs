// `npm start`: build the web app when it is missing or older than its sources, then run the server.
// `npm start -- --no-build` serves dist/ as it is (src/server/npm-start.test.ts, while other tests build it).
//
// Signals (README, "Stopping"): package.json runs this with `exec`, so the shell npm
// starts becomes this process and a SIGTERM that npm passes on (a container runtime or a supervisor
// signals the process it started) reaches it; it forwards SIGTERM and SIGINT to the server, which
// finishes the requests and jobs in flight, and exits with it. Without `exec`, npm's shell died of
// the signal and left this wrapper and the server running, orphaned, still holding the port.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { SERVER_NODE_FLAGS } from "./server-node-flags.mjs";

const root = new URL("..", import.meta.url).pathname;
const builtIndex = join(root, "dist/web/index.html");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const sourcesChanged = () => newestMtime(join(root, "src/web")) > statSync(builtIndex).mtimeMs;
if (!process.argv.includes("--no-build") && (!existsSync(builtIndex) || sourcesChanged())) {
  console.log("Building the web app...");
  const build = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, "--import", "tsx", join(root, "src/server/main.ts")], { cwd: root, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
