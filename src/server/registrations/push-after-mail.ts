import { eq } from "drizzle-orm";
import type { PushKind } from "#shared/push.ts";
import { registration } from "#server/db/schema.ts";
import type { Mail } from "#server/mail/mailer.ts";
import type { PushChannels } from "#server/push/channel.ts";
import { queuePush } from "#server/push/queue-push.ts";
import type { RegistrationDeps } from "./deps.ts";
import type { RegistrationMailJob } from "./jobs.ts";

/**
 * The registration mails that are pushed too, and as which kind of news (docs/notifications.md): a
 * promotion from the waitlist (with its charge, or its failure), an edit or cancellation of the game,
 * and a game-on decision. Receipts and the rest are mail only.
 */
export function pushKindOf(job: RegistrationMailJob): PushKind | null {
  switch (job.kind) {
    case "promoted":
    case "promotion_failed":
      return "promotion";
    case "event_changed":
      return "changes";
    case "event_cancelled":
      return job.notEnough ? "decision" : "changes";
    case "game_on":
    case "hold_failed":
      return "decision";
    default:
      return null;
  }
}

/**
 * After a registration mail went out: the same news pushed to the person's devices, the mail's
 * subject as its title and its first line as its text, so a push and its mail never tell different
 * sums. A push that cannot be queued is logged and the mail stands (it is the record); it is never a
 * reason to send the mail again.
 */
export async function pushAfterMail(deps: RegistrationDeps & { push?: PushChannels }, job: RegistrationMailJob, mail: Mail): Promise<void> {
  const kind = pushKindOf(job);
  if (!kind || !mail.news || !deps.push) return;
  try {
    const userId = "userId" in job ? job.userId : "registrationId" in job ? await userOf(deps, job.registrationId) : null;
    if (!userId) return;
    const { game, headline, path } = mail.news;
    await queuePush({ ...deps, push: deps.push }, { userId, kind, game, message: { title: mail.subject, body: headline, url: path, tag: `${kind}:${game.id}` } });
  } catch (error) {
    console.error(`the push beside the ${job.kind} mail could not be queued; the mail was sent`, error);
  }
}

async function userOf(deps: RegistrationDeps, registrationId: string): Promise<string | null> {
  const [row] = await deps.database.db.select({ userId: registration.userId }).from(registration).where(eq(registration.id, registrationId));
  return row?.userId ?? null;
}
