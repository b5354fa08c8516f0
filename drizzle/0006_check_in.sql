ALTER TABLE "registration" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registration" ADD COLUMN "no_show_at" timestamp with time zone;