CREATE TYPE "public"."guest_status" AS ENUM('active', 'removed');--> statement-breakpoint
CREATE TABLE "registration_guest" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid NOT NULL,
	"ordinal" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text,
	"share_cents" integer NOT NULL,
	"status" "guest_status" DEFAULT 'active' NOT NULL,
	"removed_at" timestamp with time zone,
	"refunded_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_guest_share" CHECK ("registration_guest"."share_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "max_guests_per_player" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "guest_id" uuid;--> statement-breakpoint
ALTER TABLE "registration" ADD COLUMN "guest_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "max_guests_per_player" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "registration_guest" ADD CONSTRAINT "registration_guest_registration_id_registration_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registration"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "registration_guest_ordinal_idx" ON "registration_guest" USING btree ("registration_id","ordinal");--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_guest_id_registration_guest_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."registration_guest"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_guests_per_player" CHECK ("event"."max_guests_per_player" between 0 and 5);--> statement-breakpoint
ALTER TABLE "registration" ADD CONSTRAINT "registration_guest_count" CHECK ("registration"."guest_count" >= 0);--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_guests_per_player" CHECK ("series"."max_guests_per_player" between 0 and 5);