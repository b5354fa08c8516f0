CREATE TYPE "public"."series_status" AS ENUM('active', 'ended');--> statement-breakpoint
CREATE TABLE "series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"first_date" date NOT NULL,
	"weekday" integer NOT NULL,
	"local_time" text NOT NULL,
	"time_zone" text NOT NULL,
	"end_date" date,
	"game_count" integer,
	"opens_before_minutes" integer DEFAULT 8640 NOT NULL,
	"duration_minutes" integer NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"location_name" text NOT NULL,
	"field" text,
	"notes" text,
	"cost_cents" integer NOT NULL,
	"max_players" integer NOT NULL,
	"include_goalkeepers" boolean DEFAULT false NOT NULL,
	"goalkeeper_cost_cents" integer DEFAULT 0 NOT NULL,
	"max_goalkeepers" integer DEFAULT 2 NOT NULL,
	"status" "series_status" DEFAULT 'active' NOT NULL,
	"ended_at" timestamp with time zone,
	"organizer_id" text,
	"organizer_name" text,
	"organizer_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_end_once" CHECK (("series"."end_date" is null) <> ("series"."game_count" is null)),
	CONSTRAINT "series_weekday" CHECK ("series"."weekday" between 1 and 7),
	CONSTRAINT "series_game_count_positive" CHECK ("series"."game_count" is null or "series"."game_count" >= 1),
	CONSTRAINT "series_opens_before_positive" CHECK ("series"."opens_before_minutes" >= 0),
	CONSTRAINT "series_cost_nonnegative" CHECK ("series"."cost_cents" >= 0 and "series"."goalkeeper_cost_cents" >= 0),
	CONSTRAINT "series_capacity_positive" CHECK ("series"."max_players" >= 1 and "series"."max_goalkeepers" >= 0),
	CONSTRAINT "series_point_whole" CHECK (("series"."latitude" is null) = ("series"."longitude" is null))
);
--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "occurrence_date" date;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "registration_opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_organizer_id_user_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_series_occurrence_idx" ON "event" USING btree ("series_id","occurrence_date");--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_series_occurrence_whole" CHECK (("event"."series_id" is null) = ("event"."occurrence_date" is null));