ALTER TABLE "user" ADD COLUMN "language" text;
