CREATE TABLE "game_score" (
	"event_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"team_a" integer NOT NULL,
	"team_b" integer NOT NULL,
	"goals_a" integer NOT NULL,
	"goals_b" integer NOT NULL,
	CONSTRAINT "game_score_event_id_seq_pk" PRIMARY KEY("event_id","seq"),
	CONSTRAINT "game_score_goals" CHECK ("game_score"."goals_a" between 0 and 99 and "game_score"."goals_b" between 0 and 99),
	CONSTRAINT "game_score_teams" CHECK ("game_score"."team_a" <> "game_score"."team_b" and "game_score"."team_a" between 0 and 3 and "game_score"."team_b" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "player_rating" (
	"community" text DEFAULT 'default' NOT NULL,
	"user_id" text NOT NULL,
	"stars" integer,
	"mu" double precision NOT NULL,
	"sigma" double precision NOT NULL,
	"games" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_rating_community_user_id_pk" PRIMARY KEY("community","user_id"),
	CONSTRAINT "player_rating_stars" CHECK ("player_rating"."stars" is null or "player_rating"."stars" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "team_member" (
	"registration_id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"team" integer NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	CONSTRAINT "team_member_team" CHECK ("team_member"."team" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "team_sheet" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"community" text DEFAULT 'default' NOT NULL,
	"team_count" integer NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_sheet_team_count" CHECK ("team_sheet"."team_count" between 2 and 4)
);
--> statement-breakpoint
ALTER TABLE "game_score" ADD CONSTRAINT "game_score_event_id_team_sheet_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."team_sheet"("event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_rating" ADD CONSTRAINT "player_rating_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_member" ADD CONSTRAINT "team_member_registration_id_registration_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registration"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_member" ADD CONSTRAINT "team_member_event_id_team_sheet_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."team_sheet"("event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_sheet" ADD CONSTRAINT "team_sheet_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_member_event_idx" ON "team_member" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "team_sheet_community_idx" ON "team_sheet" USING btree ("community");