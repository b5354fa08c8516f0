import type { RunSettings } from "./storm-run.ts";

/** The join storm's settings, shared by `npm run bench:storm` (bench/storm.ts) and `npm run bench:cluster`, which runs the same storm over three instances. */
export const STORM_SETTINGS: RunSettings = {
  users: stormUsers(),
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
  // In a run with guests (BENCH_STORM_GUESTS): the first confirmed parties with guests remove one each
  // in the refund phase (those among the cancellers remove theirs first, then cancel).
  guestRemovals: 4,
};

/**
 * The crowd: 1,000, or BENCH_STORM_USERS for a short run while working on the storm (its figures are
 * then not the budget's). At least 100, so the cancels, the kill and the second game still have people.
 */
function stormUsers(): number {
  const raw = process.env.BENCH_STORM_USERS;
  if (raw === undefined || raw === "") return 1_000;
  const users = Number(raw);
  if (!Number.isInteger(users) || users < 100) throw new Error(`BENCH_STORM_USERS must be a whole number of at least 100, not ${JSON.stringify(raw)}`);
  return users;
}
