/**
 * Database schema (PostgreSQL; the same migrations run on embedded PGlite).
 * The customer, session and sign-in tables are shared by sign-on and the API; each flow adds
 * its own tables below them.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('customers_login_id_key').on(sql`lower(${table.loginId})`)],
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
