DROP INDEX "jobs_dedupe_idx";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
-- Jobs that already ran once have read their inputs: they no longer take new requests (see worker/state.ts).
UPDATE "jobs" SET "started_at" = "updated_at" WHERE "attempts" > 0 OR "state" <> 'pending';--> statement-breakpoint
-- Before the unique index: of never-started pending jobs sharing a key, the oldest keeps it.
UPDATE "jobs" SET "dedupe_key" = NULL WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "name", "dedupe_key" ORDER BY "created_at", "id") AS "n"
    FROM "jobs" WHERE "state" = 'pending' AND "started_at" IS NULL AND "dedupe_key" IS NOT NULL
  ) AS "ranked" WHERE "n" > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_dedupe_pending_key" ON "jobs" USING btree ("name","dedupe_key") WHERE state = 'pending' and started_at is null;--> statement-breakpoint
CREATE INDEX "jobs_dedupe_idx" ON "jobs" USING btree ("name","dedupe_key","state");
