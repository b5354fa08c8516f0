CREATE TYPE "public"."game_reminder_kind" AS ENUM('24h', '2h');--> statement-breakpoint
CREATE TABLE "calendar_feed_token" (
	"user_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feed_token_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "game_reminder" (
	"user_id" text NOT NULL,
	"event_id" uuid NOT NULL,
	"kind" "game_reminder_kind" NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "game_reminder_user_id_event_id_kind_pk" PRIMARY KEY("user_id","event_id","kind")
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "notify_game_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feed_token" ADD CONSTRAINT "calendar_feed_token_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_reminder" ADD CONSTRAINT "game_reminder_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_reminder" ADD CONSTRAINT "game_reminder_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;