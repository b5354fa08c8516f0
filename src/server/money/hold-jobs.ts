import type { Tx } from "#server/db/client.ts";
import type { JobQueue } from "#server/jobs/queue.ts";

/**
 * The hold jobs: capture one hold in `capturing` (capture-hold.ts), release one in `releasing`
 * (release-hold.ts). registrations/workers.ts runs them with the refunds' retries; a job lost with a
 * crash, or whose last retry met an unreachable processor, is done by the recovery sweep
 * (stale-holds.ts). Queued inside the transaction that writes the step, so they commit together.
 */
export const HOLD_CAPTURE_QUEUE = "hold-capture";
export const HOLD_RELEASE_QUEUE = "hold-release";

export interface HoldJob {
  holdId: string;
}

/** Queues the capture of a hold the rules just made `capturing`, in `tx`'s transaction. Without a queue, the sweep does it. */
export async function enqueueCapture(jobs: JobQueue | undefined, holdId: string, tx?: Tx): Promise<void> {
  await jobs?.send(HOLD_CAPTURE_QUEUE, { holdId } satisfies HoldJob, tx ? { client: tx.client } : {});
}

/** Queues the release of a hold the rules just made `releasing`, in `tx`'s transaction. */
export async function enqueueRelease(jobs: JobQueue | undefined, holdId: string, tx?: Tx): Promise<void> {
  await jobs?.send(HOLD_RELEASE_QUEUE, { holdId } satisfies HoldJob, tx ? { client: tx.client } : {});
}
