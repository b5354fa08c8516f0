CREATE TYPE "public"."analytics_device" AS ENUM('phone', 'tablet', 'desktop');--> statement-breakpoint
CREATE TYPE "public"."analytics_hit_kind" AS ENUM('view', 'share');--> statement-breakpoint
CREATE TYPE "public"."analytics_screen" AS ENUM('home', 'event', 'your-events', 'profile', 'login', 'other');--> statement-breakpoint
CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"key" text NOT NULL,
	"value" integer NOT NULL,
	CONSTRAINT "analytics_daily_day_metric_key_pk" PRIMARY KEY("day","metric","key")
);
--> statement-breakpoint
CREATE TABLE "analytics_salt" (
	"day" date PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_hit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"kind" "analytics_hit_kind" NOT NULL,
	"screen" "analytics_screen" NOT NULL,
	"event_id" uuid,
	"signed_in" boolean NOT NULL,
	"landing" boolean NOT NULL,
	"referrer" text,
	"device" "analytics_device" NOT NULL,
	"visitor" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "page_hit_day_idx" ON "page_hit" USING btree ("day");