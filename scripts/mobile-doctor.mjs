// npm run mobile:doctor — Capacitor's `cap doctor` (the versions of the CLI, core and platforms, and
// whether the Android and iOS projects look right), under the Node 22 the CLI needs, as
// `npm run mobile:sync` runs it (scripts/capacitor-cli.mjs). Needs no Android SDK or Xcode.
import { runCapacitor } from "./capacitor-cli.mjs";

runCapacitor(["doctor", ...process.argv.slice(2)]);
