import { desc, eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Db } from "#server/db/client.ts";
import { mailboxMessage } from "#server/db/schema.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe on announcements. */
  headers?: Record<string, string>;
  /** Files sent along, e.g. a game's .ics on a receipt (the local mailbox keeps only the text and HTML). */
  attachments?: MailAttachment[];
  /**
   * A Message-ID made from the mail's kind and key (`<refund.{refundId}@{host}>`): a mail sent again
   * after a crash is the same message, which clients show once (docs/mails.md).
   */
  messageId?: string;
  /**
   * What a push beside this mail says of it (docs/notifications.md): the game it is about and its
   * first line; the push's title is the subject. Never sent as a header.
   */
  news?: MailNews;
}

export interface MailNews {
  game: { id: string; startsAt: Date };
  headline: string;
  /** The app's path to open ("/event/…"). */
  path: string;
}

export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** True when mail goes to the local mailbox at /dev/mailbox instead of SMTP. */
  readonly local: boolean;
  close(): void;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    local: false,
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport.close(),
  };
}

/**
 * Development without SMTP: keep each mail in the database and print its links. A mail's Message-ID
 * is kept with it (a unique column), and, as a mail client does, a second mail with the same
 * Message-ID (its job run again after a crash) is not kept twice (docs/mails.md, "Message-IDs").
 */
export function createLocalMailer(db: Db, log: (line: string) => void = console.log): Mailer {
  return {
    local: true,
    async send(mail) {
      const kept = await db
        .insert(mailboxMessage)
        .values({ to: mail.to, subject: mail.subject, html: mail.html, text: mail.text, messageId: mail.messageId ?? null })
        .onConflictDoNothing({ target: mailboxMessage.messageId })
        .returning({ id: mailboxMessage.id });
      if (kept.length === 0) return log(`mail to ${mail.to}: ${mail.subject} (sent again: ${mail.messageId} is already in the mailbox)`);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      log(`mail to ${mail.to}: ${mail.subject}${links.map((link) => `\n  ${link}`).join("")}`);
    },
    close() {},
  };
}

export async function listMailbox(db: Db) {
  return db
    .select({ id: mailboxMessage.id, to: mailboxMessage.to, subject: mailboxMessage.subject, createdAt: mailboxMessage.createdAt })
    .from(mailboxMessage)
    .orderBy(desc(mailboxMessage.id))
    .limit(200);
}

export async function findMailboxMessage(db: Db, id: number) {
  const [message] = await db.select().from(mailboxMessage).where(eq(mailboxMessage.id, id));
  return message;
}
