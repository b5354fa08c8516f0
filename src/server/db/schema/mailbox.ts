// The local mailbox (development without SMTP_URL).
import { pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const mailboxMessage = pgTable(
  "mailbox_message",
  {
    id: serial("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    /** The mail's Message-ID, when it has one: a mail sent again after a crash is kept once, as a mail client shows it once (docs/mails.md). */
    messageId: text("message_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [uniqueIndex("mailbox_message_message_id_idx").on(table.messageId)],
);
