// `npm run reconcile`: compares the payment ledger with the processor and prints the unexplained
// cents last; exits 1 when they are not 0 (docs/registrations-and-payments.md, "Reconciliation").
// Same configuration as `npm start`; on the embedded database it uses the running app's when there
// is one.
import { formatCents } from "#shared/money.ts";
import { ConfigError, loadConfig } from "#server/config.ts";
import { openDatabaseForTool } from "#server/db/client.ts";
import { runMigrations } from "#server/db/migrate.ts";
import { createGateway } from "#server/money/processors/create-gateway.ts";
import { reconcile } from "#server/money/reconcile.ts";

async function main() {
  const config = loadConfig();
  const database = await openDatabaseForTool({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await runMigrations(database.db, database.pool);
    const gateway = createGateway(config, database.db);
    const report = await reconcile(database.db, gateway, config.payments);
    console.log(`Reconciling the ledger with the ${gateway.mode} processor on ${database.where}`);
    console.log(`  charges:  ${report.charges} succeeded, ${formatCents(report.chargedCents, config.payments.currency)}`);
    console.log(`  refunds:  ${report.refunds} succeeded, ${formatCents(report.refundedCents, config.payments.currency)}`);
    console.log(`  refunds being executed: ${formatCents(report.pendingRefundCents, config.payments.currency)}`);
    console.log(`  card holds open: ${report.openHolds}, ${formatCents(report.heldCents, config.payments.currency)} held (not money)`);
    for (const problem of report.problems) console.log(`  ! ${formatCents(problem.cents, config.payments.currency)}: ${problem.what}`);
    console.log(`unexplained: ${report.unexplainedCents} cents`);
    process.exitCode = report.unexplainedCents === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : `reconcile failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
});
