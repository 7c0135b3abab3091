ALTER TABLE "catalogs" ADD COLUMN "custom_host" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "draft_order" jsonb;--> statement-breakpoint
CREATE INDEX "catalogs_custom_host_idx" ON "catalogs" USING btree ("custom_host");--> statement-breakpoint
CREATE INDEX "orders_catalog_created_idx" ON "orders" USING btree ("catalog_id","created_at");