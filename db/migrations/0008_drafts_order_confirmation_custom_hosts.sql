CREATE TABLE "custom_hosts" (
	"owner_id" uuid NOT NULL,
	"host" text NOT NULL,
	"token" text NOT NULL,
	"verified_at" timestamp with time zone,
	"method" text,
	"checked_at" timestamp with time zone,
	"problem" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_hosts_owner_id_host_pk" PRIMARY KEY("owner_id","host")
);
--> statement-breakpoint
-- Catalogs made before drafts existed were public from the start: they stay published; new ones are drafts.
ALTER TABLE "catalogs" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogs" ALTER COLUMN "published" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "custom_hosts" ADD CONSTRAINT "custom_hosts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_hosts_verified_key" ON "custom_hosts" USING btree ("host") WHERE verified_at is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_confirm_token_key" ON "orders" USING btree ("confirm_token_hash");