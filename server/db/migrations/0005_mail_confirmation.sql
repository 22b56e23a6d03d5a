ALTER TABLE "otp_challenges" ADD COLUMN "purpose" text;--> statement-breakpoint
ALTER TABLE "otp_challenges" ADD COLUMN "sent_to" text;--> statement-breakpoint
CREATE TABLE "mail_address_confirmations" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"sb_system_id" text NOT NULL,
	"service_id" text NOT NULL,
	"mail_address" text NOT NULL,
	"previous_mail_address" text NOT NULL,
	"otp_challenge_id" text NOT NULL,
	"confirmed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_address_confirmations" ADD CONSTRAINT "mail_address_confirmations_sb_system_id_customers_sb_system_id_fk" FOREIGN KEY ("sb_system_id") REFERENCES "public"."customers"("sb_system_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_address_confirmations" ADD CONSTRAINT "mail_address_confirmations_otp_challenge_id_otp_challenges_id_fk" FOREIGN KEY ("otp_challenge_id") REFERENCES "public"."otp_challenges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_address_confirmations_otp_key" ON "mail_address_confirmations" USING btree ("otp_challenge_id");--> statement-breakpoint
CREATE INDEX "mail_address_confirmations_customer_idx" ON "mail_address_confirmations" USING btree ("sb_system_id","confirmed_at");
