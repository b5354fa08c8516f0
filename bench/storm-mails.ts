// The storm's mails (docs/mails.md, "Order and speed"): once the storm's joins and promotions are
// settled, the mail jobs they queued are waited for, then measured and checked. Each job's delay is its
// time from queued (`created_on`, in the transaction of the change it reports) to sent (`completed_on`);
// a burst's mails are to go out within a minute. Each person's mails must be in the order of their
// events (a waitlist place's record before the mail that the spot is theirs or that the card failed),
// every mail must carry a Message-ID, and every waitlist place and every charge must have had its
// one mail. The app runs without SMTP, so its mails are in the local mailbox (mail/mailer.ts).
import type { Database } from "#server/db/client.ts";
import { REGISTRATION_MAIL_QUEUE } from "#server/registrations/jobs.ts";
import type { Check } from "./storm-checks.ts";
import { pause, percentile } from "./storm-http.ts";

/** A burst's mails go out within this of being queued (docs/mails.md). */
export const MAIL_BUDGET_MS = 60_000;

export interface MailReport {
  /** Mail jobs of the storm, sent. */
  jobs: number;
  /** Queued → sent, per job. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Mails of the storm's game in the mailbox. */
  mails: number;
}

export async function checkStormMails(
  database: Database,
  options: { eventId: string; title: string; from: Date; timeoutMs: number; crashed: boolean },
): Promise<{ report: MailReport; checks: Check[] }> {
  const pool = database.pool;
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const { rows } = await pool.query<{ n: number }>(`select count(*)::int as n from pgboss.job where name = $1 and state in ('created', 'retry', 'active')`, [REGISTRATION_MAIL_QUEUE]);
    if (rows[0]!.n === 0) break;
    if (Date.now() > deadline) throw new Error(`${rows[0]!.n} mail jobs still waiting after ${options.timeoutMs / 1000} s`);
    await pause(250);
  }
  // pg-boss moves completed jobs to its archive after a while; both are read.
  const { rows: delays } = await pool.query<{ ms: number }>(
    // From the moment the job reports (`asOf`, set in the change's transaction), not its creation: a
    // mail queued again to wait for an earlier one (send-mail-batch.ts) counts its whole wait.
    `select extract(epoch from (completed_on - coalesce((data->>'asOf')::timestamptz, created_on))) * 1000 as ms
       from (select created_on, completed_on, data, name, state from pgboss.job
             union all select created_on, completed_on, data, name, state from pgboss.archive) j
      where j.name = $1 and j.state = 'completed' and j.created_on >= $2
        -- a job queued again to wait completes twice (the original, then its copy): the copy counts
        and not exists (select 1 from pgboss.job c where c.name = j.name and c.data = j.data and c.created_on > j.created_on)
        and (j.data->>'registrationId') in (select id::text from registration where event_id = $3)`,
    [REGISTRATION_MAIL_QUEUE, options.from, options.eventId],
  );
  const sorted = delays.map((row) => Number(row.ms)).sort((a, b) => a - b);
  const { rows: mails } = await pool.query<{ to: string; subject: string; message_id: string | null }>(
    `select "to", subject, message_id from mailbox_message where subject like '%' || $1 order by id`,
    [`: ${options.title}`],
  );
  const report: MailReport = { jobs: sorted.length, p50Ms: percentile(sorted, 0.5), p99Ms: percentile(sorted, 0.99), maxMs: sorted.at(-1) ?? 0, mails: mails.length };

  const checks: Check[] = [];
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const timing = `${report.jobs} mail jobs, queued → sent p50 ${seconds(report.p50Ms)}, p99 ${seconds(report.p99Ms)}, max ${seconds(report.maxMs)}`;
  // A kill -9 leaves the jobs it held active until pg-boss expires them: their delay is the crash's, not the worker's.
  if (options.crashed) checks.push({ name: "the storm's mails were all sent (after the kill -9: not timed)", ok: report.jobs > 0, detail: timing });
  else checks.push({ name: `the storm's mails went out within ${MAIL_BUDGET_MS / 1000} s of being queued`, ok: report.jobs > 0 && report.maxMs <= MAIL_BUDGET_MS, detail: timing });

  const kindOf = (subject: string) =>
    subject.startsWith("Your waitlist place") || subject.startsWith("You're on the waitlist")
      ? "waitlist"
      : subject.startsWith("You're in") || subject.startsWith("Payment confirmed")
        ? "spot"
        : subject.startsWith("We could not charge")
          ? "failed"
          : "other";
  const byPerson = new Map<string, string[]>();
  for (const mail of mails) byPerson.set(mail.to, [...(byPerson.get(mail.to) ?? []), kindOf(mail.subject)]);
  // A promotion (its spot, or its failed card) can only follow the waitlist place it came from.
  const outOfOrder = [...byPerson.entries()].filter(([, kinds]) => {
    const waitlisted = kinds.indexOf("waitlist");
    const promotedOrFailed = kinds.findIndex((kind) => kind === "failed" || (kind === "spot" && waitlisted !== -1));
    return waitlisted !== -1 && promotedOrFailed !== -1 && promotedOrFailed < waitlisted;
  });
  checks.push({
    name: "each person's mails in the order of their events (the waitlist place before the promotion)",
    ok: outOfOrder.length === 0,
    detail: outOfOrder.length === 0 ? `${byPerson.size} people, ${mails.length} mails` : `out of order: ${outOfOrder.slice(0, 3).map(([to, kinds]) => `${to}: ${kinds.join(" → ")}`).join("; ")}`,
  });
  const withoutId = mails.filter((mail) => !mail.message_id).length;
  checks.push({ name: "every mail of the storm carries a Message-ID", ok: withoutId === 0, detail: `${withoutId} of ${mails.length} without` });

  // Every waitlist place and every charge that succeeded for a spot had its mail, once (the mailbox keeps a Message-ID once).
  const { rows: expected } = await pool.query<{ waitlisted: number; charged: number }>(
    `select (select count(*)::int from registration where event_id = $1 and waitlisted_at is not null) as waitlisted,
            (select count(*)::int from payment p where p.event_id = $1 and p.kind = 'charge' and p.status = 'succeeded'
               -- a charge that landed after its spot was let go is refunded with its own mail, not a spot's
               and not exists (select 1 from payment r where r.registration_id = p.registration_id and r.kind = 'refund' and r.reason = 'late_charge')) as charged`,
    [options.eventId],
  );
  const count = (kind: string) => mails.filter((mail) => kindOf(mail.subject) === kind).length;
  const { waitlisted, charged } = expected[0]!;
  checks.push({
    name: "every waitlist place and every charge had one mail",
    ok: count("waitlist") === waitlisted && count("spot") === charged,
    detail: `${count("waitlist")} waitlist mails for ${waitlisted} places; ${count("spot")} spot mails for ${charged} charges`,
  });
  return { report, checks };
}
