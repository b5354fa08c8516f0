CREATE TABLE "spot_watch" (
	"event_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "spot_watch_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "push_subscription" DROP CONSTRAINT "push_subscription_keys";--> statement-breakpoint
UPDATE "push_subscription" SET "channel" = CASE WHEN "label" LIKE '%iOS' THEN 'ios' ELSE 'android' END WHERE "channel" = 'native';--> statement-breakpoint
ALTER TABLE "push_settings" ADD COLUMN "spots" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "spot_watch" ADD CONSTRAINT "spot_watch_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_watch" ADD CONSTRAINT "spot_watch_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscription" ADD CONSTRAINT "push_subscription_keys" CHECK ("push_subscription"."channel" <> 'web' or ("push_subscription"."p256dh" is not null and "push_subscription"."auth" is not null));