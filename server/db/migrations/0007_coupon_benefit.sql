-- How long a coupon's benefit runs, in months, the month of use counting as the first
-- (docs/decisions/0070-active-coupons.md): GET coupon/active lists the coupons whose benefit runs now.
ALTER TABLE "coupons" ADD COLUMN "benefit_months" integer DEFAULT 1 NOT NULL;