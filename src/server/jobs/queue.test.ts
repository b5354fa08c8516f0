import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "#test/test-app.ts";
import { ACCOUNT_MAIL_QUEUE, startAccountMailWorker } from "./account-mail.ts";
import { type Boss, startBoss } from "./boss.ts";
import { bossJobQueue, isMissingPartition } from "./queue.ts";

let context: TestContext;
let boss: Boss;
beforeAll(async () => {
  context = await createTestContext();
  boss = await startBoss(context.database.url);
});
afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true });
  await context.close();
});

/**
 * A queue as the failure CI met left it (queue.ts): its row in pg-boss's queue table, which the
 * insert joins, and no partition of `job` for its jobs, so PostgreSQL itself refuses the row.
 */
async function queueWithoutPartition(name: string) {
  await context.database.pool.query(`insert into pgboss.queue (name, policy, partition_name) values ($1, 'standard', $2)`, [name, `j_${name.replace(/-/g, "_")}`]);
}

/** The real pg-boss, its sends counted; `failed` settles at the first one PostgreSQL refuses. */
function countedBoss() {
  let sends = 0;
  let sawFailure: () => void = () => undefined;
  const failed = new Promise<void>((resolve) => (sawFailure = resolve));
  const counted: Pick<Boss, "send" | "insert"> = {
    send: ((...args: Parameters<Boss["send"]>) => {
      sends++;
      return (boss.send as (...a: Parameters<Boss["send"]>) => Promise<string | null>)(...args).catch((error: unknown) => {
        sawFailure();
        throw error;
      });
    }) as Boss["send"],
    insert: boss.insert.bind(boss),
  };
  return { counted, failed, sends: () => sends };
}

describe("a job sent while PostgreSQL has no partition for its queue", () => {
  it("is sent again, and stored once the partition is there", async () => {
    await queueWithoutPartition("late-partition");
    const { counted, failed, sends } = countedBoss();
    const sent = bossJobQueue(counted, { partitionRetryDelaysMs: [1_000] }).send("late-partition", { n: 1 });
    await failed;
    // The queue made properly meanwhile: its row again, with its partition attached.
    await context.database.pool.query(`delete from pgboss.queue where name = 'late-partition'`);
    await boss.createQueue("late-partition");
    await sent;
    expect(sends()).toBe(2);
    const { rows } = await context.database.pool.query<{ data: unknown }>(`select data from pgboss.job where name = 'late-partition'`);
    expect(rows.map((row) => row.data)).toEqual([{ n: 1 }]);
  });

  it("is the caller's error once the retries are spent, and any other error is at once", async () => {
    await queueWithoutPartition("no-partition");
    const spent = countedBoss();
    const error = await bossJobQueue(spent.counted, { partitionRetryDelaysMs: [10, 10] })
      .send("no-partition", { n: 1 })
      .catch((caught: unknown) => caught);
    expect(isMissingPartition(error)).toBe(true);
    expect(spent.sends()).toBe(3);

    // A queue that does not exist at all is no partition error: said at once, after one send.
    const other = countedBoss();
    await expect(bossJobQueue(other.counted, { partitionRetryDelaysMs: [10, 10] }).send("never-created", { n: 1 })).rejects.toThrow("the job queue never-created does not exist");
    expect(other.sends()).toBe(1);
  });
});

describe("an account mail queued outside a transaction", () => {
  it("wakes this process's mail worker: it leaves at once, not at the worker's next poll", async () => {
    await startAccountMailWorker(boss, { mailer: context.services.mailer }, { pollingIntervalSeconds: 60 });
    // The worker's first poll (at its start) is over well before this; its next is a minute away.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const sentAt = Date.now();
    await bossJobQueue(boss).send(ACCOUNT_MAIL_QUEUE, { to: "woken@example.com", subject: "Verify your email", text: "link", html: "<p>link</p>" });
    await context.mail.waitFor("woken@example.com", "Verify your email", { timeoutMs: 25_000 });
    // At once is milliseconds; a busy machine's seconds are allowed, the minute's poll is not.
    expect(Date.now() - sentAt).toBeLessThan(15_000);
    await boss.offWork(ACCOUNT_MAIL_QUEUE);
  });
});
