ALTER TABLE "event" ADD COLUMN "regulars_open_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "regulars_announced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "opening_announced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "regulars_window_minutes" integer;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "regulars_min_games" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "regulars_of_last" integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "regulars_max_percent" integer DEFAULT 70 NOT NULL;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_regulars_window" CHECK ("series"."regulars_window_minutes" is null or "series"."regulars_window_minutes" between 60 and 10080);--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_regulars_games" CHECK (1 <= "series"."regulars_min_games" and "series"."regulars_min_games" <= "series"."regulars_of_last" and "series"."regulars_of_last" <= 12);--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_regulars_percent" CHECK ("series"."regulars_max_percent" between 10 and 100);--> statement-breakpoint
-- Games of a series that are already open were generated before their opening was announced by mail;
-- they are not announced now, weeks after the fact.
UPDATE "event" SET "opening_announced_at" = now(), "regulars_announced_at" = now()
  WHERE "series_id" IS NOT NULL AND "registration_opens_at" <= now();
