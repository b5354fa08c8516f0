ALTER TABLE "event" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;
