// npm run mobile:sync — builds the web app, writes the links that open the app and the app's own
// host for PUBLIC_URL's host (scripts/mobile-links.mjs), and copies it all into the native projects
// (cap sync). Needs no Android SDK or Xcode. Capacitor 8's CLI needs Node 22 while the project runs
// on Node 20: the CLI runs under Node 22 taken from the npm registry (scripts/capacitor-cli.mjs).
//   --skip-build   use the web app already in dist/web
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { runCapacitor } from "./capacitor-cli.mjs";
import { appHost, linkHost, writeMobileLinks } from "./mobile-links.mjs";

const root = new URL("..", import.meta.url).pathname;
const run = (command, args, env = {}) => execFileSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });

// Inside the app the API is the server at PUBLIC_URL (src/web/lib/app-origin.ts).
if (!process.env.PUBLIC_URL) console.warn("PUBLIC_URL is not set: the app built now cannot reach a server. Set it to your https:// site.");
else linkHost(process.env.PUBLIC_URL); // an http:// or an address stops here, before the build
if (!process.argv.includes("--skip-build")) run("npm", ["run", "build"], process.env.PUBLIC_URL ? { VITE_PUBLIC_URL: process.env.PUBLIC_URL } : {});
if (!existsSync(`${root}dist/web/index.html`)) throw new Error("dist/web is not built: run without --skip-build");

// Before `cap sync`, which copies capacitor.config.json (with the app's host) into both projects.
if (process.env.PUBLIC_URL) {
  const host = writeMobileLinks(root, process.env.PUBLIC_URL);
  console.log(`Links that open the app: https://${host}/event/… and kickoff://event/<id>; the app's pages at ${appHost(process.env.PUBLIC_URL)}`);
} else {
  console.log("PUBLIC_URL is not set: the native projects keep the link host and the app's host they have (set it to your https:// site).");
}

runCapacitor(["sync"]);
