import { sql } from "drizzle-orm";

const HOUR_MS = 3_600_000;

/**
 * The reminders before a game (docs/calendar-and-reminders.md, "Reminders"). A kind is due from
 * `beforeMs` ahead of kick-off until the next kind is (`untilMs` ahead), for a spot held since before
 * it was due: someone who takes a spot 10 hours before gets the 2-hour reminder only, having just
 * been mailed "You're in". A sweep that runs late (a restart, a long outage) still sends a reminder
 * while it is due, and never a stale one: a 24-hour reminder is not sent once the 2-hour one is due.
 */
export const REMINDER_KINDS = {
  "24h": { beforeMs: 24 * HOUR_MS, untilMs: 2 * HOUR_MS },
  "2h": { beforeMs: 2 * HOUR_MS, untilMs: 0 },
} as const;

export type ReminderKind = keyof typeof REMINDER_KINDS;
export const isReminderKind = (value: unknown): value is ReminderKind => typeof value === "string" && value in REMINDER_KINDS;

/**
 * The rows a reminder of `kind` is due for at `now`, over `registration r`, `event e` and `"user" u`:
 * a confirmed spot in an active game, a person who kept reminders on, inside the kind's window, held
 * since before the kind was due. The sweep claims by it, and the sending job checks it again.
 */
export function reminderDue(kind: ReminderKind, now: Date) {
  const { beforeMs, untilMs } = REMINDER_KINDS[kind];
  return sql`r.status = 'confirmed' and e.status = 'active' and u.notify_game_reminders
    and e.starts_at <= ${new Date(now.getTime() + beforeMs)} and e.starts_at > ${new Date(now.getTime() + untilMs)}
    and coalesce(r.promoted_at, r.created_at) <= e.starts_at - ${beforeMs / 1000}::int * interval '1 second'`;
}
