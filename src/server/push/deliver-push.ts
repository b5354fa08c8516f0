import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { pushSubscription } from "#server/db/schema.ts";
import type { PushChannels } from "./channel.ts";
import type { PushJob } from "./queue-push.ts";
import type { PushTarget } from "./sender.ts";

/**
 * One push job: sent to its device through the device's channel. A subscription the push service
 * says is gone (404, 410) is deleted, and nothing is retried; a device removed since is skipped. Any
 * other failure throws, for the job's retries.
 */
export async function deliverPush(deps: { database: Database; push: PushChannels }, job: PushJob): Promise<"sent" | "gone" | "skipped"> {
  const { db } = deps.database;
  const [device] = await db.select().from(pushSubscription).where(eq(pushSubscription.id, job.subscriptionId));
  if (!device) return "skipped";
  const sender = deps.push.senders[device.channel];
  if (!sender) return "skipped";
  const target: PushTarget =
    device.channel === "web" ? { channel: "web", endpoint: device.endpoint, p256dh: device.p256dh!, auth: device.auth! } : { channel: device.channel, endpoint: device.endpoint };
  const result = await sender.send(target, job.message);
  if (result === "gone") await db.delete(pushSubscription).where(eq(pushSubscription.id, device.id));
  return result;
}
