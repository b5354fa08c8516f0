ALTER TABLE "series" ADD COLUMN "day_offset" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "offset_from" date;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_day_offset" CHECK ("series"."day_offset" between -6 and 6 and ("series"."day_offset" = 0 or "series"."offset_from" is not null));