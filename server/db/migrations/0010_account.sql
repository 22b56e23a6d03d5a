CREATE TABLE "account_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"sb_system_id" text NOT NULL,
	"session_id" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"item" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"request_key" text,
	CONSTRAINT "account_audit_item_check" CHECK ("account_audit"."item" in ('name', 'address', 'mailAddress', 'phoneNumber', 'securitySettings', 'optins', 'loginId', 'password'))
);
--> statement-breakpoint
CREATE TABLE "customer_optins" (
	"sb_system_id" text NOT NULL,
	"notice" text NOT NULL,
	"email" boolean NOT NULL,
	"sms" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_optins_sb_system_id_notice_pk" PRIMARY KEY("sb_system_id","notice"),
	CONSTRAINT "customer_optins_notice_check" CHECK ("customer_optins"."notice" in ('billingAmount', 'serviceNews', 'campaign'))
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "contact_phone_number" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "contact_phone_confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "sign_in_notice_channel" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "password_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_audit" ADD CONSTRAINT "account_audit_sb_system_id_customers_sb_system_id_fk" FOREIGN KEY ("sb_system_id") REFERENCES "public"."customers"("sb_system_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_optins" ADD CONSTRAINT "customer_optins_sb_system_id_customers_sb_system_id_fk" FOREIGN KEY ("sb_system_id") REFERENCES "public"."customers"("sb_system_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_audit_customer_idx" ON "account_audit" USING btree ("sb_system_id","at");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_contact_phone_check" CHECK ("customers"."contact_phone_number" is null or "customers"."contact_phone_number" ~ '^0[789]0[0-9]{8}$');--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_contact_phone_confirmed_check" CHECK (not "customers"."contact_phone_confirmed" or "customers"."contact_phone_number" is not null);--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_sign_in_notice_channel_check" CHECK ("customers"."sign_in_notice_channel" is null or "customers"."sign_in_notice_channel" in ('4', '5'));--> statement-breakpoint
-- The line's own number is already proved to be the customer's (one-time passwords go to it): it is the first contact phone.
UPDATE "customers" SET "contact_phone_number" = "phone_number", "contact_phone_confirmed" = true WHERE "phone_number" ~ '^0[789]0[0-9]{8}$';
