-- In-progress marks now name the process that holds them (docs/decisions/0044-crash-safe-idempotency.md);
-- marks from before have no owner, and the process that made them is gone.
DELETE FROM "idempotency_keys" WHERE "status" = 'in_progress';--> statement-breakpoint
CREATE TABLE "card_provider_orders" (
	"order_id" text PRIMARY KEY NOT NULL,
	"pay_token" text NOT NULL,
	"merchant_order_id" text NOT NULL,
	"operation_type" text NOT NULL,
	"order_done_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"contents_service_id" text NOT NULL,
	"description" text,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"challenge" jsonb,
	"token_pan" text,
	"token_pan_effective_date" text,
	"check_request_validity_token" text,
	"last4" text,
	"brand" text,
	"reject_reason" text
);
--> statement-breakpoint
CREATE TABLE "login_throttles" (
	"account" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone,
	"blocked_until" timestamp with time zone,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "oidc_provider_entries" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oidc_provider_entries_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_windows" (
	"bucket" text NOT NULL,
	"window_start" bigint NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "rate_limit_windows_bucket_window_start_pk" PRIMARY KEY("bucket","window_start")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "owner" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "card_provider_orders_merchant_order_key" ON "card_provider_orders" USING btree ("merchant_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_provider_orders_pay_token_key" ON "card_provider_orders" USING btree ("pay_token");--> statement-breakpoint
CREATE INDEX "card_provider_orders_created_idx" ON "card_provider_orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "oidc_provider_entries_uid_idx" ON "oidc_provider_entries" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "oidc_provider_entries_grant_idx" ON "oidc_provider_entries" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_provider_entries_expires_idx" ON "oidc_provider_entries" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_messages_message_id_key" ON "outbox_messages" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "outbox_messages_recipient_idx" ON "outbox_messages" USING btree ("recipient","id");--> statement-breakpoint
CREATE INDEX "rate_limit_windows_start_idx" ON "rate_limit_windows" USING btree ("window_start");