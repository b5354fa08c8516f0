import type { CaughtMail } from "#test/mail-catcher.ts";
import { lane } from "./lanes.ts";

/** Waits for a mail to `to` whose subject contains `subject`, as received by the loopback SMTP server. */
export async function waitForMail(to: string, subject: string, options: { after?: number; timeoutMs?: number } = {}): Promise<CaughtMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  for (;;) {
    const mails = await mailsTo(to);
    const found = mails.slice(options.after ?? 0).findLast((mail) => mail.subject.toLowerCase().includes(subject.toLowerCase()));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function mailsTo(to: string): Promise<CaughtMail[]> {
  const response = await fetch(`${lane().mailApiURL}/?to=${encodeURIComponent(to)}`);
  return (await response.json()) as CaughtMail[];
}

export function linkIn(mail: CaughtMail, contains: string): string {
  const link = mail.links.find((candidate) => candidate.includes(contains));
  if (!link) throw new Error(`no link containing ${contains} in "${mail.subject}"`);
  return link;
}
