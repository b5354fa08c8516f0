-- A series's following games moved to another weekday (docs/series.md, "Moving the following games to
-- another day"): the games keyed on or after offset_from are played day_offset days (-6 ... 6) from
-- their key. Existing series keep their day (0, no offset).
ALTER TABLE "series" ADD COLUMN "day_offset" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "offset_from" date;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_day_offset" CHECK ("series"."day_offset" between -6 and 6 and ("series"."day_offset" = 0 or "series"."offset_from" is not null));