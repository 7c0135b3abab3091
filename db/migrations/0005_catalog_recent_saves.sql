ALTER TABLE "catalog_pages" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogs" ADD COLUMN "recent_saves" jsonb DEFAULT '[]'::jsonb NOT NULL;