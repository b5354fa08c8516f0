ALTER TABLE "mailbox_message" ADD COLUMN "message_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "mailbox_message_message_id_idx" ON "mailbox_message" USING btree ("message_id");