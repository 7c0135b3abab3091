CREATE TABLE "order_sequences" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" integer;--> statement-breakpoint
ALTER TABLE "order_sequences" ADD CONSTRAINT "order_sequences_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "files_owner_content_key" ON "files" USING btree ("owner_id","content_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_owner_number_key" ON "orders" USING btree ("owner_id","number");--> statement-breakpoint
-- Real orders taken before numbers existed get theirs in the order they came, per merchant; each merchant's
-- sequence goes on from the last.
UPDATE "orders" SET "number" = n."number" FROM (
	SELECT "id", 1000 + row_number() OVER (PARTITION BY "owner_id" ORDER BY "created_at", "id") AS "number"
	FROM "orders" WHERE "status" <> 'unconfirmed'
) AS n WHERE "orders"."id" = n."id";--> statement-breakpoint
INSERT INTO "order_sequences" ("owner_id", "last")
	SELECT "owner_id", max("number") FROM "orders" WHERE "number" IS NOT NULL GROUP BY "owner_id";
