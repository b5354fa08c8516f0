import { createAnalytics } from "./analytics/record-hit.ts";
import { createAuth } from "./auth/auth.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { createListCache } from "./events/list-cache.ts";
import type { JobQueue } from "./jobs/queue.ts";
import { createLiveUpdates } from "./live/live-updates.ts";
import { createLocalMailer, createSmtpMailer, type Mailer } from "./mail/mailer.ts";
import { createGateway } from "./payments/create-gateway.ts";
import type { PaymentGateway } from "./payments/gateway.ts";
import { prepareAccountDeletion } from "./registrations/release-user.ts";

/** Wires the long-lived parts the HTTP app and the background workers share. */
export function createServices(config: Config, database: Database, options: { mailer?: Mailer; gateway?: PaymentGateway; jobs?: JobQueue } = {}) {
  const mailer = options.mailer ?? (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createLocalMailer(database.db));
  const gateway = options.gateway ?? createGateway(config, database.db);
  const jobs = options.jobs;
  // One per process, for the app and the background workers alike: every change of a game's lists
  // (a join, a cancel, a promotion by a job, an account deletion) invalidates what readers share.
  const listCache = createListCache();
  const auth = createAuth({
    config,
    db: database.db,
    mailer,
    jobs,
    // An account's upcoming spots are released (and refunded by the rule) before it goes.
    beforeDeleteUser: (userId) => prepareAccountDeletion({ database, gateway, config, jobs, listCache }, userId),
  });
  // One per process: its buffer of hits is written in batches and flushed on shutdown (main.ts).
  const analytics = createAnalytics({ pool: database.pool, timeZone: config.analytics.timeZone, publicUrl: config.publicUrl });
  // One per process: LISTENs once (after live.start()) and fans out to this process's streams and
  // its list cache (docs/live-updates.md).
  const live = createLiveUpdates({ database, listCache });
  return { config, database, mailer, auth, gateway, jobs, listCache, analytics, live };
}

export type Services = ReturnType<typeof createServices>;
