ALTER TABLE "contract_history" ADD COLUMN "after_card_last4" text;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "discount_percent" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "line_generation" text DEFAULT '4g' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_discount_percent_check" CHECK ("coupons"."discount_percent" between 1 and 100);--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_line_generation_check" CHECK ("customers"."line_generation" in ('3g', '4g', '5g'));--> statement-breakpoint
-- History written before this migration did not keep the card: the contract's current card is the best known.
UPDATE "contract_history" SET "after_card_last4" = "service_contracts"."card_last4" FROM "service_contracts" WHERE "contract_history"."contract_id" = "service_contracts"."id" AND "contract_history"."after_payment_method" = '02' AND "contract_history"."after_card_last4" IS NULL;
