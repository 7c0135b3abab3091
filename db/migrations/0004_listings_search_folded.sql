ALTER TABLE "listings" drop column "search";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', translate(regexp_replace(normalize(coalesce(title, '') || ' ' || coalesce(sku, '') || ' ' || coalesce(vendor, '') || ' ' || coalesce(brand, '') || ' ' || coalesce(category, ''), NFD), '[\u0300-\u036f]', '', 'g'), 'øØđĐłŁħĦı', 'oOdDlLhHi'))) STORED;--> statement-breakpoint
-- Dropping the column dropped its index: build it again over the folded vector.
CREATE INDEX "listings_search_idx" ON "listings" USING gin ("search");
