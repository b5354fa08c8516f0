import { heldUntil, type PushKind } from "#shared/push.ts";
import type { Database } from "#server/db/client.ts";
import type { JobQueue } from "#server/jobs/queue.ts";
import type { PushChannels } from "./channel.ts";
import type { PushMessage } from "./sender.ts";
import { isMuted, settingsOf, subscriptionsOf } from "./store.ts";

/** The queue of single pushes, one job per device (workers.ts). */
export const PUSH_QUEUE = "push-send";

export interface PushJob {
  subscriptionId: string;
  message: PushMessage;
}

/** A piece of news for one person: what it is about decides whether, and when, it is pushed. */
export interface PushNews {
  userId: string;
  kind: PushKind;
  /** The game it is about (its mute, and quiet hours give way when it starts within 3 hours). */
  game: { id: string; startsAt: Date } | null;
  message: PushMessage;
}

export type PushDeps = { database: Database; jobs?: JobQueue; push: PushChannels; now?: () => Date };

/**
 * Queues a push of `news` to each of the person's devices (docs/notifications.md): none when they
 * turned that kind off or muted the game; in a device's quiet hours, held until they end (a game
 * within 3 hours goes at once). Beside the mail, never instead: a push that fails is retried by its
 * job, and the mail has said it anyway. Returns the pushes queued.
 */
export async function queuePush(deps: PushDeps, news: PushNews): Promise<number> {
  if (!deps.jobs) return 0;
  const { db } = deps.database;
  const settings = await settingsOf(db, news.userId);
  if (!settings[news.kind]) return 0;
  if (news.game && (await isMuted(db, news.userId, news.game.id))) return 0;
  const now = deps.now?.() ?? new Date();
  let queued = 0;
  for (const device of await subscriptionsOf(db, [news.userId])) {
    if (!deps.push.senders[device.channel]) continue;
    const startAfter = heldUntil(now, { start: settings.quietStart, end: settings.quietEnd, timeZone: device.timeZone }, news.game?.startsAt ?? null);
    const job: PushJob = { subscriptionId: device.id, message: news.message };
    await deps.jobs.send(PUSH_QUEUE, job, startAfter ? { startAfter } : {});
    queued += 1;
  }
  return queued;
}
