/**
 * How many apps the end-to-end run starts, each with its own database and mail server, and so how
 * many spec files run at once (one per lane). Two by default: a spec spends much of its time waiting
 * on the browser and the app, so two lanes on two cores finish well before one. E2E_LANES=1 runs
 * the files one after another on one app.
 */
export const E2E_LANES = Math.max(1, Number(process.env.E2E_LANES ?? 2));
