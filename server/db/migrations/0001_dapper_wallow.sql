CREATE TABLE "otp_challenges" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"sb_system_id" text NOT NULL,
	"session_id" text NOT NULL,
	"channel" text NOT NULL,
	"code_hash" text NOT NULL,
	"status" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "otp_challenges_attempts_check" CHECK ("otp_challenges"."failed_attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"order_id" text PRIMARY KEY NOT NULL,
	"sb_system_id" text NOT NULL,
	"session_id" text NOT NULL,
	"merchant_order_id" text NOT NULL,
	"contents_service_id" text NOT NULL,
	"operation_type" text NOT NULL,
	"request_type" text NOT NULL,
	"status" text NOT NULL,
	"token_pan" text,
	"token_pan_effective_date" text,
	"card_last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"checked_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"contract_id" text,
	CONSTRAINT "payment_orders_last4_check" CHECK ("payment_orders"."card_last4" is null or "payment_orders"."card_last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "storage_usage" (
	"contract_id" text PRIMARY KEY NOT NULL,
	"used_bytes" bigint NOT NULL,
	"capacity_bytes" bigint NOT NULL,
	"measured_at" timestamp with time zone NOT NULL,
	CONSTRAINT "storage_usage_bytes_check" CHECK ("storage_usage"."used_bytes" >= 0 and "storage_usage"."capacity_bytes" > 0 and "storage_usage"."used_bytes" <= "storage_usage"."capacity_bytes")
);
--> statement-breakpoint
ALTER TABLE "otp_challenges" ADD CONSTRAINT "otp_challenges_sb_system_id_customers_sb_system_id_fk" FOREIGN KEY ("sb_system_id") REFERENCES "public"."customers"("sb_system_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_challenges" ADD CONSTRAINT "otp_challenges_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_sb_system_id_customers_sb_system_id_fk" FOREIGN KEY ("sb_system_id") REFERENCES "public"."customers"("sb_system_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_contract_id_service_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."service_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_usage" ADD CONSTRAINT "storage_usage_contract_id_service_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."service_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "otp_challenges_customer_idx" ON "otp_challenges" USING btree ("sb_system_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_orders_customer_idx" ON "payment_orders" USING btree ("sb_system_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_merchant_order_key" ON "payment_orders" USING btree ("merchant_order_id");