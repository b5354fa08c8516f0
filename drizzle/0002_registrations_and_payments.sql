CREATE TYPE "public"."closed_reason" AS ENUM('user_left', 'event_cancelled', 'payment_failed', 'payment_expired', 'account_deleted', 'promoted_other_role');--> statement-breakpoint
CREATE TYPE "public"."payment_kind" AS ENUM('charge', 'refund');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('pending', 'succeeded', 'failed');--> statement-breakpoint
-- Hand-edited: the status enum is recreated rather than extended with ADD VALUE, because values added
-- to an existing enum cannot be used (by the partial unique index below) in the same transaction.
ALTER TYPE "public"."registration_status" RENAME TO "registration_status_old";--> statement-breakpoint
CREATE TYPE "public"."registration_status" AS ENUM('pending_payment', 'confirmed', 'waitlisted', 'cancelled', 'refunded', 'promoting', 'payment_failed');--> statement-breakpoint
ALTER TABLE "registration" ALTER COLUMN "status" SET DATA TYPE "public"."registration_status" USING "status"::text::"public"."registration_status";--> statement-breakpoint
DROP TYPE "public"."registration_status_old";--> statement-breakpoint
CREATE TABLE "payment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" text,
	"kind" "payment_kind" NOT NULL,
	"status" "payment_status" DEFAULT 'pending' NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"gateway_id" text,
	"idempotency_key" text NOT NULL,
	"off_session" boolean DEFAULT false NOT NULL,
	"customer_id" text,
	"payment_method_id" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payment_amount_nonnegative" CHECK ("payment"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sim_charge" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"customer_id" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"off_session" boolean NOT NULL,
	"status" text NOT NULL,
	"failure_code" text,
	"failure_message" text,
	"client_secret" text NOT NULL,
	"registration_id" text,
	"event_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sim_charge_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sim_customer" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sim_customer_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sim_payment_method" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"behaviour" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_refund" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"charge_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sim_refund_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "registration" DROP CONSTRAINT "registration_user_id_user_id_fk";
--> statement-breakpoint
DROP INDEX "registration_event_user_role_idx";--> statement-breakpoint
ALTER TABLE "registration" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "registration" ADD COLUMN "consent_to_auto_charge" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "registration" ADD COLUMN "closed_reason" "closed_reason";--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "simulated_customer_id" text;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_registration_id_registration_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registration"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_payment_method" ADD CONSTRAINT "sim_payment_method_customer_id_sim_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."sim_customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_refund" ADD CONSTRAINT "sim_refund_charge_id_sim_charge_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."sim_charge"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_registration_idx" ON "payment" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "payment_pending_idx" ON "payment" USING btree ("status","kind","created_at");--> statement-breakpoint
CREATE INDEX "payment_event_idx" ON "payment" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "sim_charge_registration_idx" ON "sim_charge" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "sim_payment_method_customer_idx" ON "sim_payment_method" USING btree ("customer_id");--> statement-breakpoint
ALTER TABLE "registration" ADD CONSTRAINT "registration_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "registration_active_event_user_role_idx" ON "registration" USING btree ("event_id","user_id","role") WHERE status in ('pending_payment', 'promoting', 'confirmed', 'waitlisted');--> statement-breakpoint
ALTER TABLE "registration" DROP COLUMN "payment_intent_id";--> statement-breakpoint
ALTER TABLE "registration" DROP COLUMN "charge_id";--> statement-breakpoint
ALTER TABLE "registration" DROP COLUMN "refund_id";