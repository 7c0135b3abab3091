CREATE TABLE "offer_redemptions" (
	"offer_id" text NOT NULL,
	"reference" text NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_redemptions_offer_id_reference_pk" PRIMARY KEY("offer_id","reference")
);
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "plan_id" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "period" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "percent_off" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "period" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "amount" double precision;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "coupon_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "external_status" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "external_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_redemptions" ADD CONSTRAINT "offer_redemptions_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_redemptions" ADD CONSTRAINT "offer_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_external_key" ON "subscriptions" USING btree ("type","external_id") WHERE external_id is not null;