/**
 * Database schema (PostgreSQL; the same migrations run on embedded PGlite).
 * The customer, session and sign-in tables are shared by sign-on and the API; each flow adds
 * its own tables below them.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const customers = pgTable(
  'customers',
  {
    /** The spec's sbSystemId: ten digits. */
    sbSystemId: text('sb_system_id').primaryKey(),
    /** The alphanumeric login ID the customer signs in with (the spec's sbId). */
    loginId: text('login_id').notNull(),
    /** scrypt hash, "scrypt$<salt b64>$<hash b64>"; demo customers only in local mode. */
    passwordHash: text('password_hash').notNull(),
    lastNameKanji: text('last_name_kanji').notNull(),
    firstNameKanji: text('first_name_kanji').notNull(),
    lastNameKana: text('last_name_kana').notNull(),
    firstNameKana: text('first_name_kana').notNull(),
    birthday: text('birthday').notNull(),
    postalCode: text('postal_code').notNull(),
    address: text('address').notNull(),
    subAddress: text('sub_address').notNull().default(''),
    phoneNumber: text('phone_number').notNull(),
    mailAddress: text('mail_address').notNull(),
    mailAddressConfirmed: boolean('mail_address_confirmed').notNull().default(true),
    /** Status of the mobile line contract: "restricted" forbids every procedure (E0008). */
    lineStatus: text('line_status').notNull().default('active'),
    userType: text('user_type').notNull().default('individual'),
    /** Radio generation of the mobile line; a '3g' line is billed by the legacy system (ADR 0073). */
    lineGeneration: text('line_generation').notNull().default('4g'),
    /** The contact phone for SMS (not the line's number, which phone_number is); null: not set (ADR 0078). */
    contactPhoneNumber: text('contact_phone_number'),
    contactPhoneConfirmed: boolean('contact_phone_confirmed').notNull().default(false),
    /** Channel code (contracts/codes.ts) of the notice sent after each sign-in: '4' SMS, '5' e-mail; null: none. */
    signInNoticeChannel: text('sign_in_notice_channel', { enum: ['4', '5'] }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('customers_login_id_key').on(sql`lower(${table.loginId})`),
    check('customers_contact_phone_check', sql`${table.contactPhoneNumber} is null or ${table.contactPhoneNumber} ~ '^0[789]0[0-9]{8}$'`),
    check('customers_contact_phone_confirmed_check', sql`not ${table.contactPhoneConfirmed} or ${table.contactPhoneNumber} is not null`),
    check('customers_sign_in_notice_channel_check', sql`${table.signInNoticeChannel} is null or ${table.signInNoticeChannel} in ('4', '5')`),
    check('customers_sb_system_id_check', sql`${table.sbSystemId} ~ '^[0-9]{10}$'`),
    check('customers_line_status_check', sql`${table.lineStatus} in ('active', 'restricted')`),
    check('customers_line_generation_check', sql`${table.lineGeneration} in ('3g', '4g', '5g')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** The HttpOnly cookie's value: 32 random bytes, base64url. */
    id: text('id').primaryKey(),
    sbSystemId: text('sb_system_id')
      .notNull()
      .references(() => customers.sbSystemId),
    /** The spec's session-token header: the per-session anti-forgery token. */
    sessionToken: text('session_token').notNull(),
    acr: text('acr').notNull(),
    authTime: timestamp('auth_time', { withTimezone: true }).notNull(),
    /** Tokens stay on the server (never in the browser). */
    idToken: text('id_token').notNull(),
    idTokenClaims: jsonb('id_token_claims').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_sb_system_id_idx').on(table.sbSystemId)],
);

/** One row per sign-in attempt: the login history of the account menu. */
export const signInEvents = pgTable(
  'sign_in_events',
  {
    id: serial('id').primaryKey(),
    sbSystemId: text('sb_system_id').references(() => customers.sbSystemId),
    loginId: text('login_id').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    result: text('result', { enum: ['success', 'failure'] }).notNull(),
    /** Why a failure failed (wrong password, acr not met, state mismatch...); null on success. */
    reason: text('reason'),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    attempt: integer('attempt').notNull().default(1),
  },
  (table) => [index('sign_in_events_customer_idx').on(table.sbSystemId, table.occurredAt)],
);

/*
 * Foundation tables (docs/decisions/0002-database.md, 0008-contract-lifecycle.md).
 * Code values come from contracts/codes.ts; check constraints keep a bad value out even when
 * a query forgets to validate.
 */

/** One optional-service contract. A card payment keeps only the provider's token and last 4. */
export const serviceContracts = pgTable(
  'service_contracts',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    sbSystemId: text('sb_system_id')
      .notNull()
      .references(() => customers.sbSystemId),
    serviceId: text('service_id').notNull(),
    planId: text('plan_id').notNull(),
    status: text('status', { enum: ['active', 'suspended', 'withdrawal_reserved', 'withdrawn'] }).notNull(),
    /** '01' with the mobile bill, '02' credit card (never 'startup' or '99' once stored). */
    paymentMethod: text('payment_method', { enum: ['01', '02'] }).notNull(),
    /** The card provider's token (tokenPAN); never a card number. */
    cardToken: text('card_token'),
    cardLast4: text('card_last4'),
    /** tokenPanEffectiveDate as the card provider returns it (yyyymm). */
    cardTokenEffectiveDate: text('card_token_effective_date'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a withdrawal takes (reserved) or took (withdrawn) effect. */
    withdrawalAt: timestamp('withdrawal_at', { withTimezone: true }),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** A plan downgrade waiting for its date (request type 20, ADR 0064): the plan and when it takes effect. */
    pendingPlanId: text('pending_plan_id'),
    pendingPlanAt: timestamp('pending_plan_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('service_contracts_pending_plan_check', sql`(${table.pendingPlanId} is null) = (${table.pendingPlanAt} is null)`),
    index('service_contracts_customer_idx').on(table.sbSystemId, table.serviceId),
    // At most one live contract per customer and service; withdrawn ones are history.
    uniqueIndex('service_contracts_live_key')
      .on(table.sbSystemId, table.serviceId)
      .where(sql`${table.status} <> 'withdrawn'`),
    check('service_contracts_status_check', sql`${table.status} in ('active', 'suspended', 'withdrawal_reserved', 'withdrawn')`),
    check(
      'service_contracts_payment_check',
      sql`(${table.paymentMethod} = '01' and ${table.cardToken} is null and ${table.cardLast4} is null)
        or (${table.paymentMethod} = '02' and ${table.cardToken} is not null and ${table.cardLast4} ~ '^[0-9]{4}$')`,
    ),
  ],
);

/** One row per accepted request on a contract: what changed, when, and under which request key. */
export const contractHistory = pgTable(
  'contract_history',
  {
    id: serial('id').primaryKey(),
    contractId: text('contract_id')
      .notNull()
      .references(() => serviceContracts.id),
    sbSystemId: text('sb_system_id')
      .notNull()
      .references(() => customers.sbSystemId),
    /** RequestType code (contracts/codes.ts), or 'resume' for a resume that keeps the payment method. */
    requestType: text('request_type').notNull(),
    /** OperationType code when the request came through the card provider; null otherwise. */
    operation: text('operation'),
    /** Cancel survey answer codes given with a withdrawal or reservation; null otherwise. */
    cancelSurvey: text('cancel_survey').array(),
    /** 'none' when the request created the contract. */
    beforeStatus: text('before_status').notNull(),
    afterStatus: text('after_status').notNull(),
    beforePaymentMethod: text('before_payment_method'),
    afterPaymentMethod: text('after_payment_method'),
    /** Last four digits of the card paying after the request (a bill names the card of its month). */
    afterCardLast4: text('after_card_last4'),
    beforePlanId: text('before_plan_id'),
    afterPlanId: text('after_plan_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** When the change takes effect, where that is not `at` (a plan downgrade on the 1st of next month). */
    effectiveAt: timestamp('effective_at', { withTimezone: true }),
    requestKey: text('request_key'),
  },
  (table) => [index('contract_history_contract_idx').on(table.contractId, table.at)],
);

/**
 * Per-request keys used as idempotency keys (docs/decisions/0004-idempotency.md,
 * 0044-crash-safe-idempotency.md). A key is scoped to the customer; reusing it for another
 * endpoint or body is a mismatch. 'done' and the answer are written in the same transaction as
 * the request's effect; an 'in_progress' mark counts only while its owner's process lock is held.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').notNull(),
    /** The session's customer; '' for a call made without one. */
    sbSystemId: text('sb_system_id').notNull(),
    endpoint: text('endpoint').notNull(),
    /** sha256 of the method, path and canonical JSON body. */
    bodyHash: text('body_hash').notNull(),
    status: text('status', { enum: ['in_progress', 'done'] }).notNull(),
    /** The process lock (server/idempotency/process-lock.ts) of the process running an in-progress key. */
    owner: integer('owner'),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.sbSystemId, table.key] }),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);

/** Maintenance windows: a page id, or '*' for every page; E0005 while now is inside one. */
export const regulations = pgTable(
  'regulations',
  {
    id: serial('id').primaryKey(),
    pageId: text('page_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    reason: text('reason').notNull().default(''),
  },
  (table) => [
    index('regulations_page_idx').on(table.pageId, table.endsAt),
    check('regulations_window_check', sql`${table.startsAt} < ${table.endsAt}`),
  ],
);

/** In-store support visits (the support history pages); menus are the visit's menu lines. */
export const supportHistory = pgTable(
  'support_history',
  {
    id: serial('id').primaryKey(),
    sbSystemId: text('sb_system_id')
      .notNull()
      .references(() => customers.sbSystemId),
    contractId: text('contract_id').references(() => serviceContracts.id),
    supportCategoryName: text('support_category_name').notNull(),
    cfOrderNumber: text('cf_order_number').notNull(),
    supportAcceptedAt: timestamp('support_accepted_at', { withTimezone: true }).notNull(),
    supportAcceptedShopName: text('support_accepted_shop_name').notNull(),
    /** [{ menuName, price }] as shown on the detail page. */
    menus: jsonb('menus').$type<{ menuName: string; price: number }[]>().notNull(),
  },
  (table) => [
    index('support_history_customer_idx').on(table.sbSystemId, table.supportAcceptedAt),
    uniqueIndex('support_history_order_key').on(table.cfOrderNumber),
  ],
);

/** Coupons a customer may enter when applying (couponCode / couponName of applyInfo). */
export const coupons = pgTable('coupons', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  serviceId: text('service_id').notNull(),
  description: text('description').notNull(),
  validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
  validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
  /** How long its benefit runs: the month of use counts as the first (ADR 0070). */
  benefitMonths: integer('benefit_months').notNull().default(1),
  /** Share of the monthly price taken off in each benefit month (ADR 0073). */
  discountPercent: integer('discount_percent').notNull().default(100),
}, (table) => [check('coupons_discount_percent_check', sql`${table.discountPercent} between 1 and 100`)]);

/** A coupon used on a contract; one use per customer and coupon. */
export const couponUses = pgTable(
  'coupon_uses',
  {
    id: serial('id').primaryKey(),
    sbSystemId: text('sb_system_id')
      .notNull()
      .references(() => customers.sbSystemId),
    couponCode: text('coupon_code')
      .notNull()
      .references(() => coupons.code),
    contractId: text('contract_id').references(() => serviceContracts.id),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('coupon_uses_customer_coupon_key').on(table.sbSystemId, table.couponCode)],
);

/**
 * Login tickets for the external order provider: single use, short lived. The ticket string
 * carries an HMAC so a forged one is refused before the database is asked.
 */
export const orderTickets = pgTable(
  'order_tickets',
  {
    id: text('id').primaryKey(),
    sbSystemId: text('sb_system_id')
      .notNull()
      .references(() => customers.sbSystemId),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id),
    userAgent: text('user_agent').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
  },
  (table) => [index('order_tickets_customer_idx').on(table.sbSystemId)],
);

/*
 * Data storage flow tables (docs/decisions/0034-0036): one-time password challenges, card
 * provider orders the portal created, and the storage usage of data storage contracts.
 */

/**
 * One row per one-time password sent (docs/decisions/0035-otp-rules.md). Only an HMAC of the
 * code is kept. A verified, unconsumed challenge of the same session is what registration and
 * charge-affecting updates require; the submit consumes it in its own transaction.
 */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    sbSystemId: text('sb_system_id')
      .notNull()
      .references(() => customers.sbSystemId),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    /** HMAC-SHA256 (key derived from SESSION_SECRET) over the challenge id and the code. */
    codeHash: text('code_hash').notNull(),
    /** 'sending' while the gateway call is out; a failed send never counts for the cool-down. */
    status: text('status', { enum: ['sending', 'sent', 'failed'] }).notNull(),
    /** Wrong codes in a row for the customer, carried over from the previous unverified challenge. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** Null for a code a submit consumes; otherwise only the call of that purpose consumes it (ADR 0063, 0078). */
    purpose: text('purpose', { enum: ['mailAddressConfirmation', 'contactChange'] }),
    /** The contact a code with a purpose was sent to (lower-cased address, or phone digits): what it proves. */
    sentTo: text('sent_to'),
  },
  (table) => [
    index('otp_challenges_customer_idx').on(table.sbSystemId, table.createdAt),
    check('otp_challenges_attempts_check', sql`${table.failedAttempts} >= 0`),
  ],
);

/**
 * Card provider orders created through POST payment/information (docs/decisions/0036-payment-round-trip.md).
 * The provider's token result is recorded once the server has read it from the provider; a card
 * number never is. consumedAt marks the order a registration or update used.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    orderId: text('order_id').primaryKey(),
    sbSystemId: text('sb_system_id')
      .notNull()
      .references(() => customers.sbSystemId),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id),
    merchantOrderId: text('merchant_order_id').notNull(),
    contentsServiceId: text('contents_service_id').notNull(),
    /** OperationType code (10, 20, 40, 60, 70). */
    operationType: text('operation_type').notNull(),
    /** The request type the operation sets (requestTypeForOperation). */
    requestType: text('request_type').notNull(),
    status: text('status', { enum: ['pending', 'completed', 'cancelled', 'rejected', 'expired'] }).notNull(),
    tokenPan: text('token_pan'),
    tokenPanEffectiveDate: text('token_pan_effective_date'),
    cardLast4: text('card_last4'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    contractId: text('contract_id').references(() => serviceContracts.id),
  },
  (table) => [
    index('payment_orders_customer_idx').on(table.sbSystemId, table.createdAt),
    uniqueIndex('payment_orders_merchant_order_key').on(table.merchantOrderId),
    check('payment_orders_last4_check', sql`${table.cardLast4} is null or ${table.cardLast4} ~ '^[0-9]{4}$'`),
  ],
);

/** Used and total bytes of a data storage contract, as the storage system last measured them. */
export const storageUsage = pgTable(
  'storage_usage',
  {
    contractId: text('contract_id')
      .primaryKey()
      .references(() => serviceContracts.id),
    usedBytes: bigint('used_bytes', { mode: 'number' }).notNull(),
    capacityBytes: bigint('capacity_bytes', { mode: 'number' }).notNull(),
    measuredAt: timestamp('measured_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('storage_usage_bytes_check', sql`${table.usedBytes} >= 0 and ${table.capacityBytes} > 0 and ${table.usedBytes} <= ${table.capacityBytes}`),
  ],
);

/*
 * Hardening tables (docs/decisions/0042-0046): state every server process must share, so that
 * two processes behind one address behave as one and a restart forgets nothing that matters.
 */

/** Failed sign-ins per account (lower-cased login ID, known or not): delay, then a temporary lock. */
export const loginThrottles = pgTable('login_throttles', {
  account: text('account').primaryKey(),
  /** Wrong passwords since the last success or the end of the last lock. */
  failures: integer('failures').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
  /** No sign-in for this account before then (a wrong password's delay, or the lock). */
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  /** Set while the account is locked (not merely delayed). */
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/** Request counts per limited subject and window (sliding window over two fixed windows). */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    bucket: text('bucket').notNull(),
    /** Start of the window, ms since the epoch. */
    windowStart: bigint('window_start', { mode: 'number' }).notNull(),
    hits: integer('hits').notNull(),
  },
  (table) => [primaryKey({ columns: [table.bucket, table.windowStart] }), index('rate_limit_windows_start_idx').on(table.windowStart)],
);

/** The local OpenID provider's state (interactions, sessions, codes, grants): its adapter's rows. */
export const oidcProviderEntries = pgTable(
  'oidc_provider_entries',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.model, table.id] }),
    index('oidc_provider_entries_uid_idx').on(table.uid),
    index('oidc_provider_entries_grant_idx').on(table.grantId),
    index('oidc_provider_entries_expires_idx').on(table.expiresAt),
  ],
);

/**
 * The outbox sandbox's messages (docs/decisions/0033-message-outbox.md): the stand-in gateway's
 * own table, so every process shows the same outbox. Production delivers instead.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    messageId: text('message_id').notNull(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    /** Lower-cased address, or the phone number's digits (with a leading + when given). */
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['delivered', 'failed'] }).notNull(),
  },
  (table) => [uniqueIndex('outbox_messages_message_id_key').on(table.messageId), index('outbox_messages_recipient_idx').on(table.recipient, table.id)],
);

/**
 * The card provider sandbox's orders (docs/decisions/0032-card-provider-sandbox.md): the stand-in
 * provider's own table, so an order survives a restart and any process can serve its pages.
 * No card number is ever stored.
 */
export const cardProviderOrders = pgTable(
  'card_provider_orders',
  {
    orderId: text('order_id').primaryKey(),
    /** The secret in the hosted page's address, given only to the merchant: the order id alone opens nothing. */
    payToken: text('pay_token').notNull(),
    merchantOrderId: text('merchant_order_id').notNull(),
    operationType: text('operation_type').notNull(),
    orderDoneUrl: text('order_done_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    contentsServiceId: text('contents_service_id').notNull(),
    description: text('description'),
    status: text('status', { enum: ['pending', 'completed', 'cancelled', 'rejected', 'expired'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** A card waiting for 3-D Secure: last4, brand, expiry; never the number. */
    challenge: jsonb('challenge'),
    tokenPan: text('token_pan'),
    tokenPanEffectiveDate: text('token_pan_effective_date'),
    checkRequestValidityToken: text('check_request_validity_token'),
    last4: text('last4'),
    brand: text('brand'),
    rejectReason: text('reject_reason'),
  },
  (table) => [
    uniqueIndex('card_provider_orders_merchant_order_key').on(table.merchantOrderId),
    uniqueIndex('card_provider_orders_pay_token_key').on(table.payToken),
    index('card_provider_orders_created_idx').on(table.createdAt),
  ],
);

/**
 * One row per mail-address confirmation (POST mail-addr-portability/contracts, ADR 0063): which
 * address the customer proved, for which service's application, with which one-time password.
 */
export const mailAddressConfirmations = pgTable(
  'mail_address_confirmations',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    sbSystemId: text('sb_system_id')
      .notNull()
      .references(() => customers.sbSystemId),
    serviceId: text('service_id').notNull(),
    mailAddress: text('mail_address').notNull(),
    previousMailAddress: text('previous_mail_address').notNull(),
    otpChallengeId: text('otp_challenge_id')
      .notNull()
      .references(() => otpChallenges.id),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('mail_address_confirmations_otp_key').on(table.otpChallengeId),
    index('mail_address_confirmations_customer_idx').on(table.sbSystemId, table.confirmedAt),
  ],
);

/*
 * Account menu tables (docs/decisions/0078-account-endpoints.md).
 */

/** Which optional notices a customer receives, by e-mail and by SMS; a missing row is the defaults. */
export const customerOptins = pgTable(
  'customer_optins',
  {
    sbSystemId: text('sb_system_id')
      .notNull()
      .references(() => customers.sbSystemId),
    notice: text('notice', { enum: ['billingAmount', 'serviceNews', 'campaign'] }).notNull(),
    email: boolean('email').notNull(),
    sms: boolean('sms').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.sbSystemId, table.notice] }),
    check('customer_optins_notice_check', sql`${table.notice} in ('billingAmount', 'serviceNews', 'campaign')`),
  ],
);

/**
 * One row per change of the account (name, address, contacts, settings, login ID, password):
 * who (customer and session), what, the values before and after, when. A password's values are
 * never written, only that it changed.
 */
export const accountAudit = pgTable(
  'account_audit',
  {
    id: serial('id').primaryKey(),
    sbSystemId: text('sb_system_id')
      .notNull()
      .references(() => customers.sbSystemId),
    /** The session that made the change. */
    sessionId: text('session_id').notNull(),
    ip: text('ip').notNull().default(''),
    item: text('item', { enum: ['name', 'address', 'mailAddress', 'phoneNumber', 'securitySettings', 'optins', 'loginId', 'password'] }).notNull(),
    before: jsonb('before').notNull(),
    after: jsonb('after').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    requestKey: text('request_key'),
  },
  (table) => [
    index('account_audit_customer_idx').on(table.sbSystemId, table.at),
    check(
      'account_audit_item_check',
      sql`${table.item} in ('name', 'address', 'mailAddress', 'phoneNumber', 'securitySettings', 'optins', 'loginId', 'password')`,
    ),
  ],
);
