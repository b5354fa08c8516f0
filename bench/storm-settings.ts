import type { RunSettings } from "./storm-run.ts";

/** The join storm's settings, shared by `npm run bench:storm` (bench/storm.ts) and `npm run bench:cluster`, which runs the same storm over three instances. */
export const STORM_SETTINGS: RunSettings = {
  users: 1_000,
  cancels: 10,
  killAfterPaidAnswers: 12,
  declineRate: 0.2,
  lostResponseRate: 0.05,
  refundLostResponseRate: 0.2,
  killAfterSettledRefunds: 10,
  killWaitForJobMs: 20_000,
  cancelledGameJoins: { players: 36, goalkeepers: 4 },
  // A job held by the killed process is handed out again once pg-boss's maintenance (every 15 s,
  // src/server/jobs/boss.ts) sees that it expired (60 s), after its retry delay (10 s and more).
  refundWindowMs: 3 * 60_000,
  postgresUrl: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
  settleTimeoutMs: 4 * 60_000,
};
