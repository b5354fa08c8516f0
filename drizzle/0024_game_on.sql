CREATE TYPE "public"."game_on_state" AS ENUM('open', 'deciding', 'on', 'called_off');--> statement-breakpoint
CREATE TYPE "public"."hold_release_reason" AS ENUM('player_cancel', 'account_deleted', 'not_enough_players', 'called_off', 'spot_lost');--> statement-breakpoint
CREATE TYPE "public"."hold_status" AS ENUM('scheduled', 'pending', 'requires_action', 'held', 'capturing', 'captured', 'releasing', 'released', 'failed');--> statement-breakpoint
CREATE TABLE "card_hold" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" text,
	"status" "hold_status" NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"gateway_id" text,
	"idempotency_key" text NOT NULL,
	"off_session" boolean DEFAULT false NOT NULL,
	"customer_id" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"place_after" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"capture_cents" integer,
	"release_reason" "hold_release_reason",
	"charge_payment_id" uuid,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_hold_registration_id_unique" UNIQUE("registration_id"),
	CONSTRAINT "card_hold_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "card_hold_amount_positive" CHECK ("card_hold"."amount_cents" > 0),
	CONSTRAINT "card_hold_capture" CHECK (("card_hold"."status" in ('capturing', 'captured')) <= ("card_hold"."capture_cents" is not null) and coalesce("card_hold"."capture_cents", 0) <= "card_hold"."amount_cents"),
	CONSTRAINT "card_hold_release_reason" CHECK (("card_hold"."status" in ('releasing', 'released')) <= ("card_hold"."release_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "game_on_min_players" integer;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "game_on_min_goalkeepers" integer;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "game_on_decide_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "game_on_state" "game_on_state";--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "game_on_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "game_on_min_players" integer;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "game_on_min_goalkeepers" integer;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "game_on_decide_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "sim_charge" ADD COLUMN "capture_method" text DEFAULT 'automatic' NOT NULL;--> statement-breakpoint
ALTER TABLE "sim_charge" ADD COLUMN "amount_captured" integer;--> statement-breakpoint
ALTER TABLE "sim_charge" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sim_charge" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
ALTER TABLE "card_hold" ADD CONSTRAINT "card_hold_registration_id_registration_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registration"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_hold" ADD CONSTRAINT "card_hold_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_hold" ADD CONSTRAINT "card_hold_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_hold" ADD CONSTRAINT "card_hold_charge_payment_id_payment_id_fk" FOREIGN KEY ("charge_payment_id") REFERENCES "public"."payment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_hold_status_idx" ON "card_hold" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "card_hold_event_idx" ON "card_hold" USING btree ("event_id");--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_game_on" CHECK ("event"."game_on_decide_hours" between 2 and 168 and coalesce("event"."game_on_min_players", 1) >= 1 and coalesce("event"."game_on_min_goalkeepers", 0) >= 0);--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_game_on_state" CHECK (("event"."game_on_min_players" is null) = ("event"."game_on_state" is null));--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_game_on" CHECK ("series"."game_on_decide_hours" between 2 and 168 and coalesce("series"."game_on_min_players", 1) >= 1 and coalesce("series"."game_on_min_goalkeepers", 0) >= 0);