import { createHash } from "node:crypto";

/**
 * `<{key}@{host}>`, the key made of the mail's kind and what it is about (`refund.{refundId}`): the
 * same mail has the same Message-ID whenever it is sent, so one sent again after a crash is shown
 * once by every client (docs/mails.md).
 */
export function messageIdOf(publicUrl: string, key: string): string {
  return `<${key}@${new URL(publicUrl).hostname}>`;
}

/** A short stable digest of a job's content, for a mail with no row of its own to name it. */
export function digest(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}
