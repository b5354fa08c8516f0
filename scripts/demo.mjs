// `npm run demo`: the app on its own embedded data directory (./data-demo, git-ignored; never
// ./data), seeded on first run with a weekly series and a month of history (docs/demo.md). Later
// runs just start it; `npm run demo -- --reseed` deletes the directory and seeds it again.
// Everything else is `npm start` (scripts/start.mjs): the same build step, signals and shutdown.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const dataDir = resolve(root, process.env.DEMO_DATA_DIR ?? "data-demo");
if (dataDir === resolve(root, "data")) {
  console.error("The demo never uses ./data: choose another DEMO_DATA_DIR.");
  process.exit(1);
}
const ORGANISER = "organiser@demo.kickoff.test";
const PLAYER = "player@demo.kickoff.test";
const PASSWORD = "kickoff-demo"; // scripts/demo/seed-demo.ts, DEMO_PASSWORD

// The demo's own settings win over a .env or the shell's: its directory, the embedded database, the
// simulated processor, the local mailbox, and the demo organiser as admin.
// Its venue is in Montréal: the organiser's zone is the venue's unless GAME_TIME_ZONE says otherwise.
const env = { ...process.env, DATA_DIR: dataDir, PAYMENTS: "simulated", GAME_TIME_ZONE: process.env.GAME_TIME_ZONE ?? "America/Toronto", ADMIN_EMAILS: [ORGANISER, process.env.ADMIN_EMAILS].filter(Boolean).join(",") };
delete env.DATABASE_URL;
delete env.SMTP_URL;
delete env.DEMO_DATA_DIR;

if (process.argv.includes("--reseed")) rmSync(dataDir, { recursive: true, force: true });
if (!existsSync(join(dataDir, "demo-seeded.json"))) {
  // A directory left half-seeded (a crash, Ctrl-C) is started again from nothing.
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`Seeding the demo community in ${dataDir} ...`);
  const seeded = spawnSync(process.execPath, ["--import", "tsx", join(root, "scripts/demo/seed-main.ts")], { cwd: root, env, stdio: "inherit" });
  if (seeded.status !== 0) process.exit(seeded.status ?? 1);
} else {
  console.log(`The demo community in ${dataDir} (already seeded; npm run demo -- --reseed starts it again).`);
}

console.log(`
Sign in as
  organiser (admin): ${ORGANISER} / ${PASSWORD}
  player:            ${PLAYER} / ${PASSWORD}
(every demo player's password is ${PASSWORD}; the others are firstname@demo.kickoff.test)
`);

const server = spawn(process.execPath, [join(root, "scripts/start.mjs"), ...process.argv.slice(2).filter((arg) => arg !== "--reseed")], { cwd: root, env, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
