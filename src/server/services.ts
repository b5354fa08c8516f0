import { createAuth } from "./auth/auth.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { createLocalMailer, createSmtpMailer, type Mailer } from "./mail/mailer.ts";

/** Wires the long-lived parts the HTTP app and the background workers share. */
export function createServices(config: Config, database: Database, mailer?: Mailer) {
  const resolvedMailer =
    mailer ?? (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createLocalMailer(database.db));
  const auth = createAuth({ config, db: database.db, mailer: resolvedMailer });
  return { config, database, mailer: resolvedMailer, auth };
}

export type Services = ReturnType<typeof createServices>;
