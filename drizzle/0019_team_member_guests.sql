-- Fair teams with +1 guests (docs/teams-and-ratings.md, "Guests"): a team member is a player (their
-- registration) or a guest (their registration_guest row), exactly one of the two. The primary key
-- on registration_id becomes a surrogate id; a unique index keeps each registration in one team, as
-- the key did, and another each guest. Existing rows keep their registration, team and lock, and get
-- an id of their own.
ALTER TABLE "team_member" DROP CONSTRAINT "team_member_pkey";--> statement-breakpoint
ALTER TABLE "team_member" ALTER COLUMN "registration_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "team_member" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "team_member" ADD COLUMN "guest_id" uuid;--> statement-breakpoint
ALTER TABLE "team_member" ADD CONSTRAINT "team_member_guest_id_registration_guest_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."registration_guest"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_member_registration_idx" ON "team_member" USING btree ("registration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_member_guest_idx" ON "team_member" USING btree ("guest_id");--> statement-breakpoint
ALTER TABLE "team_member" ADD CONSTRAINT "team_member_one_kind" CHECK (("team_member"."registration_id" is null) <> ("team_member"."guest_id" is null));
