-- Basket live plan change (request type 20, docs/decisions/0064-service-requests-and-plan-change.md):
-- a downgrade waits on the contract until the 1st of next month; the history records when a change takes effect.
ALTER TABLE "service_contracts" ADD COLUMN "pending_plan_id" text;--> statement-breakpoint
ALTER TABLE "service_contracts" ADD COLUMN "pending_plan_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contract_history" ADD COLUMN "effective_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_contracts" ADD CONSTRAINT "service_contracts_pending_plan_check" CHECK (("service_contracts"."pending_plan_id" is null) = ("service_contracts"."pending_plan_at" is null));
