import { type Analytics, createAnalytics } from "./analytics/record-hit.ts";
import { type Auth, createAuth } from "./auth/auth.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { createListCache, type ListCache } from "./events/list-cache.ts";
import { RateLimiter } from "./http/rate-limit.ts";
import { databaseBucketStore } from "./http/rate-limit-store.ts";
import type { JobQueue } from "./jobs/queue.ts";
import { createLiveUpdates, type LiveUpdates } from "./live/live-updates.ts";
import { createLocalMailer, createSmtpMailer, type Mailer } from "./mail/mailer.ts";
import { createGateway } from "./money/processors/create-gateway.ts";
import type { PaymentGateway } from "./money/processors/gateway.ts";
import { createGeocoder, type Geocoder } from "./places/geocoders.ts";
import { createPushChannels, type PushChannels } from "./push/channel.ts";
import { prepareAccountDeletion } from "./registrations/release-user.ts";

/**
 * The application context (docs/architecture.md, "One application context"): the long-lived parts of
 * one process, built once by `createContext` and handed in this one shape to the HTTP app, the
 * background workers and the scripts. A use case names the parts it reads (`Pick<AppContext, ...>`),
 * so a test builds only those.
 */
export interface AppContext {
  config: Config;
  database: Database;
  mailer: Mailer;
  auth: Auth;
  gateway: PaymentGateway;
  /**
   * Background jobs (pg-boss, started by main.ts). Without it nothing is scheduled (refunds,
   * promotions and mails wait for the recovery sweep): tests that exercise no background work leave it out.
   */
  jobs?: JobQueue;
  /**
   * One per process, for the app and the background workers alike: every change of a game's lists
   * (a join, a cancel, a promotion by a job, an account deletion) invalidates what readers share.
   */
  listCache: ListCache;
  /** One per process: its buffer of hits is written in batches and flushed on shutdown (main.ts). */
  analytics: Analytics;
  /** One per process: LISTENs once (after `live.start()`) and fans out to this process's streams and its list cache (docs/live-updates.md). */
  live: LiveUpdates;
  /** Counted in the database, so the limits hold for every instance together (docs/decisions/026-shared-state.md). */
  limiter: RateLimiter;
  /** The place search of the game form (PLACES_*); null when none is configured. */
  geocoder: Geocoder | null;
  /** Push notifications' channels: the VAPID identity and a sender per channel (docs/notifications.md). */
  push: PushChannels;
  /** The clock of the rules (the 24-hour window, the regulars' window); tests set it. */
  now?: () => Date;
  /** How long a person's request may wait for a charge's outcome (registrations/join.ts); tests shorten it. */
  chargeBudgetMs?: number;
}

/** Builds the context once per process (main.ts, the tests' app, the benches). */
export function createContext(
  config: Config,
  database: Database,
  options: { mailer?: Mailer; gateway?: PaymentGateway; jobs?: JobQueue; listCache?: ListCache; live?: LiveUpdates; analytics?: Analytics; push?: PushChannels } = {},
): AppContext {
  const mailer = options.mailer ?? (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createLocalMailer(database.db));
  const gateway = options.gateway ?? createGateway(config, database.db);
  const jobs = options.jobs;
  const listCache = options.listCache ?? createListCache();
  const auth = createAuth({
    config,
    db: database.db,
    mailer,
    jobs,
    // An account's upcoming spots are released (and refunded by the rule) before it goes.
    beforeDeleteUser: (userId) => prepareAccountDeletion({ database, gateway, config, jobs, listCache }, userId),
  });
  const analytics = options.analytics ?? createAnalytics({ pool: database.pool, timeZone: config.analytics.timeZone, publicUrl: config.publicUrl });
  const live = options.live ?? createLiveUpdates({ database, listCache });
  const limiter = new RateLimiter(config.rateLimits, databaseBucketStore(database.pool));
  const push = options.push ?? createPushChannels(config);
  return { config, database, mailer, auth, gateway, jobs, listCache, analytics, live, limiter, geocoder: createGeocoder(config), push };
}
