CREATE TABLE "benefit_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"sb_system_id" text NOT NULL,
	"contract_id" text,
	"benefit_name" text NOT NULL,
	"amount" integer NOT NULL,
	"benefit_unit" text NOT NULL,
	"granted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_id" text NOT NULL,
	"sb_system_id" text NOT NULL,
	"request_type" text NOT NULL,
	"operation" text,
	"before_status" text NOT NULL,
	"after_status" text NOT NULL,
	"before_payment_method" text,
	"after_payment_method" text,
	"before_plan_id" text,
	"after_plan_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"request_key" text
);
--> statement-breakpoint
CREATE TABLE "coupon_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"sb_system_id" text NOT NULL,
	"coupon_code" text NOT NULL,
	"contract_id" text,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"service_id" text NOT NULL,
	"description" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"sb_system_id" text PRIMARY KEY NOT NULL,
	"login_id" text NOT NULL,
	"password_hash" text NOT NULL,
	"last_name_kanji" text NOT NULL,
	"first_name_kanji" text NOT NULL,
	"last_name_kana" text NOT NULL,
	"first_name_kana" text NOT NULL,
	"birthday" text NOT NULL,
	"postal_code" text NOT NULL,
	"address" text NOT NULL,
	"sub_address" text DEFAULT '' NOT NULL,
	"phone_number" text NOT NULL,
	"mail_address" text NOT NULL,
	"mail_address_confirmed" boolean DEFAULT true NOT NULL,
	"line_status" text DEFAULT 'active' NOT NULL,
	"user_type" text DEFAULT 'individual' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_sb_system_id_check" CHECK ("customers"."sb_system_id" ~ '^[0-9]{10}$'),
	CONSTRAINT "customers_line_status_check" CHECK ("customers"."line_status" in ('active', 'restricted'))
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text NOT NULL,
	"sb_system_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"body_hash" text NOT NULL,
	"status" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "idempotency_keys_sb_system_id_key_pk" PRIMARY KEY("sb_system_id","key")
);
--> statement-breakpoint
CREATE TABLE "order_tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"sb_system_id" text NOT NULL,
	"session_id" text NOT NULL,
	"user_agent" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"redeemed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "regulations" (
	"id" serial PRIMARY KEY NOT NULL,
	"page_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "regulations_window_check" CHECK ("regulations"."starts_at" < "regulations"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "service_contracts" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"sb_system_id" text NOT NULL,
	"service_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"status" text NOT NULL,
	"payment_method" text NOT NULL,
	"card_token" text,
	"card_last4" text,
	"card_token_effective_date" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawal_at" timestamp with time zone,
	"suspended_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_contracts_status_check" CHECK ("service_contracts"."status" in ('active', 'suspended', 'withdrawal_reserved', 'withdrawn')),
	CONSTRAINT "service_contracts_payment_check" CHECK (("service_contracts"."payment_method" = '01' and "service_contracts"."card_token" is null and "service_contracts"."card_last4" is null)
        or ("service_contracts"."payment_method" = '02' and "service_contracts"."card_token" is not null and "service_contracts"."card_last4" ~ '^[0-9]{4}$'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"sb_system_id" text NOT NULL,
	"session_token" text NOT NULL,
	"acr" text NOT NULL,
	"auth_time" timestamp with time zone NOT NULL,
	"id_token" text NOT NULL,
	"id_token_claims" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sign_in_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"sb_system_id" text,
	"login_id" text NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"result" text NOT NULL,
	"reason" text,
	"user_agent" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"sb_system_id" text NOT NULL,
	"contract_id" text,
	"support_category_name" text NOT NULL,
	"cf_order_number" text NOT NULL,
	"support_accepted_at" timestamp with time zone NOT NULL,
	"support_accepted_shop_name" text NOT NULL,
	"menus" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "benefit_history" ADD CONSTRAINT "benefit_history_sb_system_id_customers_sb_system_id_fk" FOREIGN KEY ("sb_system_id") REFERENCES "public"."customers"("sb_system_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefit_history" ADD CONSTRAINT "benefit_history_contract_id_service_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."service_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_history" ADD CONSTRAINT "contract_history_contract_id_service_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."service_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_history" ADD CONSTRAINT "contract_history_sb_system_id_customers_sb_system_id_fk" FOREIGN KEY ("sb_system_id") REFERENCES "public"."customers"("sb_system_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_sb_system_id_customers_sb_system_id_fk" FOREIGN KEY ("sb_system_id") REFERENCES "public"."customers"("sb_system_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_coupon_code_coupons_code_fk" FOREIGN KEY ("coupon_code") REFERENCES "public"."coupons"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_contract_id_service_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."service_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tickets" ADD CONSTRAINT "order_tickets_sb_system_id_customers_sb_system_id_fk" FOREIGN KEY ("sb_system_id") REFERENCES "public"."customers"("sb_system_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tickets" ADD CONSTRAINT "order_tickets_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_contracts" ADD CONSTRAINT "service_contracts_sb_system_id_customers_sb_system_id_fk" FOREIGN KEY ("sb_system_id") REFERENCES "public"."customers"("sb_system_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_sb_system_id_customers_sb_system_id_fk" FOREIGN KEY ("sb_system_id") REFERENCES "public"."customers"("sb_system_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_events" ADD CONSTRAINT "sign_in_events_sb_system_id_customers_sb_system_id_fk" FOREIGN KEY ("sb_system_id") REFERENCES "public"."customers"("sb_system_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_history" ADD CONSTRAINT "support_history_sb_system_id_customers_sb_system_id_fk" FOREIGN KEY ("sb_system_id") REFERENCES "public"."customers"("sb_system_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_history" ADD CONSTRAINT "support_history_contract_id_service_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."service_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "benefit_history_customer_idx" ON "benefit_history" USING btree ("sb_system_id","granted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "benefit_history_grant_key" ON "benefit_history" USING btree ("sb_system_id","benefit_name","granted_at");--> statement-breakpoint
CREATE INDEX "contract_history_contract_idx" ON "contract_history" USING btree ("contract_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_uses_customer_coupon_key" ON "coupon_uses" USING btree ("sb_system_id","coupon_code");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_login_id_key" ON "customers" USING btree (lower("login_id"));--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "order_tickets_customer_idx" ON "order_tickets" USING btree ("sb_system_id");--> statement-breakpoint
CREATE INDEX "regulations_page_idx" ON "regulations" USING btree ("page_id","ends_at");--> statement-breakpoint
CREATE INDEX "service_contracts_customer_idx" ON "service_contracts" USING btree ("sb_system_id","service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_contracts_live_key" ON "service_contracts" USING btree ("sb_system_id","service_id") WHERE "service_contracts"."status" <> 'withdrawn';--> statement-breakpoint
CREATE INDEX "sessions_sb_system_id_idx" ON "sessions" USING btree ("sb_system_id");--> statement-breakpoint
CREATE INDEX "sign_in_events_customer_idx" ON "sign_in_events" USING btree ("sb_system_id","occurred_at");--> statement-breakpoint
CREATE INDEX "support_history_customer_idx" ON "support_history" USING btree ("sb_system_id","support_accepted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "support_history_order_key" ON "support_history" USING btree ("cf_order_number");