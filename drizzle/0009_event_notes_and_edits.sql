ALTER TABLE "event" ALTER COLUMN "latitude" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "event" ALTER COLUMN "longitude" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_point_whole" CHECK (("event"."latitude" is null) = ("event"."longitude" is null));