/**
 * The whole data model. Column names are the API's snake_case field names,
 * so a row serialises straight into the answers (`*.responses.ts`). Timestamps are integer
 * milliseconds (Date in TypeScript), filled from the injectable clock.
 * Money is whole cents. Lists and objects are JSON text.
 */
import { sql } from 'drizzle-orm'
import {
  check,
  customType,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core'
import { clock } from '../lib/clock'
import { decrypt, encrypt, isEncrypted, SealedDataError } from '../lib/crypto'
import {
  ROLES,
  LICENSING_TYPES,
  TIERS,
  SUBSCRIPTION_STATUSES,
  REFERRAL_STATUSES,
  PAYMENT_STATUSES,
  SLOT_STATUSES,
  WAITLIST_STATUSES,
  ACTIVE_WAITLIST_STATUSES,
  PLACEMENT_ANSWERS,
  PAYOUT_METHODS,
  INTEREST_STATUSES,
  UPLOADER_ROLES,
  REVIEW_STATUSES,
  STORED_TOUR_STATUSES,
  OUTBOX_STATUSES,
  JOB_STATUSES,
  CLOSE_OUTCOMES,
  DECLINE_REASONS,
  DECLINE_SOURCES,
  VERIFICATION_STATUSES,
  LICENSE_PROOF_STATUSES,
  REVIEW_CATEGORIES,
  CARE_LEVELS,
  FUNDING_SOURCES,
  TIMELINES,
  ROOM_TYPES,
  NEARBY_SERVICES,
  SPECIALIZATIONS,
  SPOKEN_LANGUAGES,
} from './enums'
import { issuedByDatabase, latitudeBand } from './dialect'
import { byEngine } from './engine-sql'

const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID())
const timestamp = (name: string) => integer(name, { mode: 'timestamp_ms' })
const createdAt = () =>
  timestamp('created_at')
    .notNull()
    .$defaultFn(() => clock.now())
const updatedAt = () =>
  timestamp('updated_at')
    .notNull()
    .$defaultFn(() => clock.now())
    .$onUpdateFn(() => clock.now())
const bool = (name: string) => integer(name, { mode: 'boolean' })
const json = <T>(name: string) => text(name, { mode: 'json' }).$type<T>()
/**
 * A column of care data, encrypted at rest with AES-256-GCM (server/lib/crypto.ts).
 * The value is JSON-encoded then sealed, so booleans, numbers and lists keep
 * their types in TypeScript. Rows written before a column was sealed (plain
 * values) are still read, and sealed once at start (db/seal-columns.ts).
 */
function sealed<T>(name: string, legacy: (raw: unknown) => T = (raw) => raw as T) {
  return customType<{ data: T; driverData: string }>({
    dataType: () => 'text',
    toDriver: sealValue,
    fromDriver: (value: unknown) => openSealed<T>(value, legacy, name),
  })(name)
}

/**
 * The one encoder of every sealed column: db/seal-columns.ts recognises a
 * sealed column by it (drizzle keeps it as the column's `mapTo`).
 */
export function sealValue(value: unknown): string {
  return encrypt(JSON.stringify(value))
}

/**
 * A sealed value as read from SQLite (a column, or a raw subquery). A value
 * that cannot be opened (its key is missing or wrong) is a `SealedDataError`
 * naming the column and key, never the ciphertext or the plaintext.
 */
export function openSealed<T>(value: unknown, legacy: (raw: unknown) => T = (raw) => raw as T, column = 'value'): T {
  if (!isEncrypted(value)) return legacy(value)
  try {
    return JSON.parse(decrypt(value)) as T
  } catch (error) {
    throw new SealedDataError(column, value.split(':')[1] ?? '?', error)
  }
}

const sealedText = (name: string) => sealed<string>(name)
const sealedBool = (name: string) => sealed<boolean>(name, (raw) => raw === 1 || raw === '1' || raw === true)
const sealedInt = (name: string) => sealed<number>(name, (raw) => Number(raw))
const sealedList = (name: string) => sealed<string[]>(name, (raw) => (typeof raw === 'string' ? JSON.parse(raw) : raw) as string[])

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} IN (${values.map((v) => `'${v}'`).join(', ')})`)

/**
 * A JSON array column holding only values of `values`, in each engine's own
 * words (ADR 039: scripts/generate-pg-schema.ts renders the PostgreSQL form).
 * SQLite: removing every known quoted value and the commas must leave '[]'
 * (it forbids subqueries such as json_each in a CHECK; this needs none).
 * PostgreSQL: a jsonb array contained in the array of known values.
 */
const inJsonList = (column: string, values: readonly string[]) => {
  const stripped = values.reduce((e, v) => `replace(${e}, '"${v}"', '')`, column)
  return byEngine(
    sql.raw(`json_valid(${column}) AND replace(${stripped}, ',', '') = '[]'`),
    sql.raw(`(jsonb_typeof(${column}::jsonb) = 'array' AND ${column}::jsonb <@ '${JSON.stringify(values)}'::jsonb)`),
  )
}


export * from './enums'

// ─── accounts ────────────────────────────────────────────────────────────────

export const users = sqliteTable('users', {
  id: id(),
  email: text('email').notNull().unique(), // stored lower-cased
  password_hash: text('password_hash').notNull(),
  email_verified_at: timestamp('email_verified_at'),
  totp_secret: text('totp_secret'), // encrypted
  totp_enabled_at: timestamp('totp_enabled_at'),
  deleted_at: timestamp('deleted_at'),
  created_at: createdAt(),
  /** The language the person reads (ADR 037): the API answers and her e-mail are written in it. */
  preferred_language: text('preferred_language').notNull().default('en'),
}, () => [check('users_preferred_language_check', inList('preferred_language', ['en', 'es']))])

/** Lucia-guide sessions: `id` is the SHA-256 of the cookie token; the token itself is never stored. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at').notNull(),
    /** Absolute cap: sliding renewal never extends past this. */
    max_expires_at: timestamp('max_expires_at').notNull(),
    two_factor_verified: bool('two_factor_verified').notNull().default(false),
    user_agent: text('user_agent'),
    ip_address: text('ip_address'),
    last_seen_at: timestamp('last_seen_at').notNull().$defaultFn(() => clock.now()),
    created_at: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.user_id)],
)

export const user_roles = sqliteTable(
  'user_roles',
  {
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ROLES }).notNull(),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.role] }), check('user_roles_role_check', inList('role', ROLES))],
)

/** One-time tokens for password reset and e-mail verification (hash only). */
export const account_tokens = sqliteTable(
  'account_tokens',
  {
    id: text('id').primaryKey(), // SHA-256 of the token
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['password_reset', 'email_verification'] }).notNull(),
    expires_at: timestamp('expires_at').notNull(),
    used_at: timestamp('used_at'),
    created_at: createdAt(),
  },
  (t) => [
    index('account_tokens_user_idx').on(t.user_id),
    check('account_tokens_purpose_check', inList('purpose', ['password_reset', 'email_verification'])),
  ],
)

export const recovery_codes = sqliteTable(
  'recovery_codes',
  {
    id: id(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code_hash: text('code_hash').notNull(),
    used_at: timestamp('used_at'),
    created_at: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.user_id)],
)

export const profiles = sqliteTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    username: text('username').unique(),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    organization_name: text('organization_name'),
    bio: text('bio'),
    social_links: json<Record<string, string>>('social_links').notNull().default({}),
    profile_photo: text('profile_photo'), // storage key
    profile_published: bool('profile_published').notNull().default(false),
    email: text('email').notNull(),
    phone: text('phone'),
    years_of_experience: integer('years_of_experience').notNull().default(0),
    licensing_type: text('licensing_type', { enum: LICENSING_TYPES }).notNull().default('unlicensed'),
    /** Set only by an admin's review of a license proof; triggers of migration 0011 hold it to the list. */
    verification_status: text('verification_status', { enum: VERIFICATION_STATUSES }).notNull().default('unverified'),
    /** What the operator specialises in: filters /browse-operators. */
    specializations: json<(typeof SPECIALIZATIONS)[number][]>('specializations').notNull().default([]),
    /** Storage key of the video introduction (Premium; hidden publicly after a downgrade, never deleted by it). */
    intro_video_key: text('intro_video_key'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    // The orphan-file sweep asks which stored files rows name (storage/orphans.ts): every such column is indexed.
    index('profiles_profile_photo_idx').on(t.profile_photo),
    index('profiles_intro_video_key_idx').on(t.intro_video_key),
    check('profiles_licensing_check', inList('licensing_type', LICENSING_TYPES)),
    check('profiles_specializations_check', inJsonList('specializations', SPECIALIZATIONS)),
  ],
)

export const operator_certifications = sqliteTable(
  'operator_certifications',
  {
    id: id(),
    profile_id: text('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    certification_name: text('certification_name').notNull(),
    created_at: createdAt(),
  },
  (t) => [index('operator_certifications_profile_idx').on(t.profile_id)],
)

export const operator_subscriptions = sqliteTable(
  'operator_subscriptions',
  {
    user_id: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tier: text('tier', { enum: TIERS }).notNull().default('free'),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('none'),
    provider: text('provider', { enum: ['stripe', 'offline'] }),
    stripe_customer_id: text('stripe_customer_id'),
    stripe_subscription_id: text('stripe_subscription_id').unique(),
    product_id: text('product_id'),
    current_period_end: timestamp('current_period_end'),
    trial_ends_at: timestamp('trial_ends_at'),
    cancel_at_period_end: bool('cancel_at_period_end').notNull().default(false),
    /** Provider's event time of the last applied change: older events never overwrite newer state. */
    provider_updated_at: timestamp('provider_updated_at'),
    is_complimentary: bool('is_complimentary').notNull().default(false),
    granted_at: timestamp('granted_at'),
    granted_by: text('granted_by'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('operator_subscriptions_tier_check', inList('tier', TIERS)),
    check('operator_subscriptions_status_check', inList('status', SUBSCRIPTION_STATUSES)),
    index('operator_subscriptions_customer_idx').on(t.stripe_customer_id),
  ],
)

// ─── listings ────────────────────────────────────────────────────────────────

export const properties = sqliteTable(
  'properties',
  {
    id: id(),
    operator_id: text('operator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(), // 2-letter code, upper case
    zip_code: text('zip_code').notNull(),
    description: text('description'),
    total_beds: integer('total_beds').notNull(),
    available_beds: integer('available_beds').notNull(),
    monthly_fee_cents: integer('monthly_fee_cents'),
    license_number: text('license_number'),
    is_active: bool('is_active').notNull().default(true),
    licensing_type: text('licensing_type', { enum: LICENSING_TYPES }).notNull().default('unlicensed'),
    pets_allowed: bool('pets_allowed').notNull().default(false),
    sex_offender_friendly: bool('sex_offender_friendly').notNull().default(false),
    wheelchair_accessible: bool('wheelchair_accessible').notNull().default(false),
    private_rooms: bool('private_rooms').notNull().default(false),
    medical_care_24_7: bool('medical_care_24_7').notNull().default(false),
    amenities: json<string[]>('amenities').notNull().default([]),
    demographics_served: json<string[]>('demographics_served').notNull().default([]),
    latitude: real('latitude'),
    longitude: real('longitude'),
    geocoding_accuracy: text('geocoding_accuracy'),
    /** The home's IANA time zone (geo/time-zone.ts), from its state and ZIP; tour times are read in it. Null on homes listed before it was stored: derived at read. */
    time_zone: text('time_zone'),
    /** When the operator last said available_beds is right; null = never. */
    beds_confirmed_at: timestamp('beds_confirmed_at'),
    // Care extras: what the home declares; matching and /browse filter on the first two.
    care_levels: json<(typeof CARE_LEVELS)[number][]>('care_levels').notNull().default([]),
    funding_accepted: json<(typeof FUNDING_SOURCES)[number][]>('funding_accepted').notNull().default([]),
    room_types: json<(typeof ROOM_TYPES)[number][]>('room_types').notNull().default([]),
    nearby_services: json<(typeof NEARBY_SERVICES)[number][]>('nearby_services').notNull().default([]),
    house_rules: text('house_rules'),
    /** The languages the home's staff speak (BCP 47 tags of SPOKEN_LANGUAGES, in its order): the page and the directory's feeds show them. */
    languages: json<(typeof SPOKEN_LANGUAGES)[number][]>('languages').notNull().default([]),
    /**
     * The two filtered lists as bit masks (bit i = value i of the list), so
     * properties_geo_idx stays small and covering. Written only by the triggers
     * of migration 0010 (which refuse any other value); never set them here.
     */
    care_levels_mask: integer('care_levels_mask').notNull().default(0),
    funding_mask: integer('funding_mask').notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    // An operator's homes, oldest first: the first active one is what a free plan shows (public-sql.ts),
    // found without a sort and without walking other operators' homes.
    index('properties_operator_idx').on(t.operator_id, t.created_at, t.id),
    // Browsing: active with free beds, newest first; and the bounding-box prefilter.
    index('properties_browse_idx').on(t.is_active, t.available_beds, t.created_at),
    // Newest-first browsing walks this in order and stops after one page.
    index('properties_newest_idx').on(t.is_active, t.created_at),
    // The radius search's prefilter (bench/browse.ts): 1-degree latitude bands, then a
    // longitude range inside each band; covering, so the prefilter reads only this index.
    index('properties_geo_idx').on(
      latitudeBand(t.latitude), t.longitude, t.latitude, t.is_active, t.available_beds, t.created_at, t.operator_id, t.id, t.beds_confirmed_at,
      // The /browse care-level and funding filters keep the prefilter index-only.
      t.care_levels_mask, t.funding_mask,
    ),
    // The search cache's next freshness boundary (search-cache.ts) and the weekly reminder.
    index('properties_beds_confirmed_idx').on(t.beds_confirmed_at),
    index('properties_state_idx').on(t.state),
    check('properties_beds_check', sql`total_beds >= 1 AND available_beds >= 0`),
    check('properties_available_beds_check', sql`available_beds <= total_beds`),
    check('properties_monthly_fee_check', sql`monthly_fee_cents IS NULL OR monthly_fee_cents >= 0`),
    check('properties_licensing_check', inList('licensing_type', LICENSING_TYPES)),
    check('properties_care_levels_check', inJsonList('care_levels', CARE_LEVELS)),
    check('properties_funding_accepted_check', inJsonList('funding_accepted', FUNDING_SOURCES)),
    check('properties_room_types_check', inJsonList('room_types', ROOM_TYPES)),
    check('properties_nearby_services_check', inJsonList('nearby_services', NEARBY_SERVICES)),
    check('properties_languages_check', inJsonList('languages', SPOKEN_LANGUAGES)),
    check('properties_house_rules_check', sql`house_rules IS NULL OR length(house_rules) <= 2000`),
  ],
)

/** Photos and videos of a property, in display order; the first image is the featured one. */
export const property_media = sqliteTable(
  'property_media',
  {
    id: id(),
    property_id: text('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['image', 'video'] }).notNull(),
    storage_key: text('storage_key').notNull(),
    thumb_key: text('thumb_key'),
    mime_type: text('mime_type').notNull(),
    size_bytes: integer('size_bytes').notNull(),
    position: integer('position').notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [
    index('property_media_property_idx').on(t.property_id, t.kind, t.position),
    index('property_media_storage_key_idx').on(t.storage_key),
    index('property_media_thumb_key_idx').on(t.thumb_key),
    check('property_media_kind_check', inList('kind', ['image', 'video'])),
  ],
)

export const profile_views = sqliteTable(
  'profile_views',
  {
    id: id(),
    profile_id: text('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    referrer_url: text('referrer_url'),
    user_agent: text('user_agent'),
    ip_address: text('ip_address'),
    created_at: createdAt(),
  },
  (t) => [index('profile_views_profile_idx').on(t.profile_id, t.created_at)],
)

export const tour_schedules = sqliteTable(
  'tour_schedules',
  {
    id: id(),
    property_id: text('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    visitor_name: text('visitor_name').notNull(),
    visitor_email: text('visitor_email').notNull(),
    visitor_phone: text('visitor_phone').notNull(),
    scheduled_date: text('scheduled_date').notNull(), // yyyy-MM-dd
    scheduled_time: text('scheduled_time').notNull(), // HH:mm
    notes: sealedText('notes').notNull().default(''),
    /** Replaces is_confirmed: `completed` is computed from the slot, never stored (enums.ts). */
    status: text('status', { enum: STORED_TOUR_STATUSES }).notNull().default('pending'),
    /** While `rescheduling`: the slot the operator proposed; scheduled_* keep the current one until the visitor accepts. */
    proposed_date: text('proposed_date'),
    proposed_time: text('proposed_time'),
    requested_by: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    index('tour_schedules_property_idx').on(t.property_id, t.scheduled_date, t.scheduled_time),
    index('tour_schedules_requested_by_idx').on(t.requested_by),
    check('tour_schedules_status_check', inList('status', STORED_TOUR_STATUSES)),
  ],
)

/**
 * The signed single-use link of a "new time proposed" e-mail: the
 * visitor accepts or declines without an account. Only the token's hash is
 * stored; the link carries the slot it was sent for, so a newer proposal
 * makes it stale.
 */
export const tour_reschedule_links = sqliteTable(
  'tour_reschedule_links',
  {
    id: id(),
    tour_id: text('tour_id')
      .notNull()
      .references(() => tour_schedules.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique(),
    proposed_date: text('proposed_date').notNull(),
    proposed_time: text('proposed_time').notNull(),
    expires_at: timestamp('expires_at').notNull(),
    used_at: timestamp('used_at'),
    created_at: createdAt(),
  },
  (t) => [index('tour_reschedule_links_tour_idx').on(t.tour_id)],
)

// ─── referrals ───────────────────────────────────────────────────────────────

/**
 * A placement referral. Fields marked (care data) are sensitive: encrypted at
 * rest and never sent to a viewer who has not unlocked or been invited.
 */
export const referrals = sqliteTable(
  'referrals',
  {
    id: id(),
    referrer_user_id: text('referrer_user_id').references(() => users.id, { onDelete: 'set null' }),
    referrer_name: text('referrer_name').notNull(),
    referrer_relationship: text('referrer_relationship').notNull(),
    referrer_email: text('referrer_email').notNull(),
    referrer_phone: text('referrer_phone').notNull(),
    client_first_name: sealedText('client_first_name').notNull(),
    client_last_name: sealedText('client_last_name').notNull(),
    client_dob: sealedText('client_dob').notNull(), // (care data) yyyy-MM-dd
    /** Age in years at submission, kept clear so masked cards can show it without the birth date. */
    client_age: integer('client_age'),
    client_gender: text('client_gender').notNull(),
    client_phone: sealedText('client_phone'),
    client_previous_address: sealedText('client_previous_address'),
    client_city: sealedText('client_city'),
    client_zip: sealedText('client_zip'),
    client_marital_status: sealedText('client_marital_status'),
    client_race: sealedText('client_race'),
    client_ethnicity: sealedText('client_ethnicity'),
    client_primary_language: sealedText('client_primary_language'),
    emergency_contact_name: sealedText('emergency_contact_name'),
    emergency_contact_phone: sealedText('emergency_contact_phone'),
    emergency_contact_relationship: sealedText('emergency_contact_relationship'),
    emergency_contact_address: sealedText('emergency_contact_address'),
    legal_pending_cases: sealedBool('legal_pending_cases'),
    legal_current_probation: sealedBool('legal_current_probation'),
    legal_previous_cj_involvement: sealedBool('legal_previous_cj_involvement'),
    legal_cj_contact_name: sealedText('legal_cj_contact_name'),
    legal_cj_contact_phone: sealedText('legal_cj_contact_phone'),
    client_medical_conditions: sealedText('client_medical_conditions'),
    health_psychiatric_conditions: sealedText('health_psychiatric_conditions'),
    health_current_medications: sealedText('health_current_medications'),
    health_allergies: sealedText('health_allergies'),
    health_current_provider: sealedText('health_current_provider'),
    health_current_doctor: sealedText('health_current_doctor'),
    health_doctor_phone: sealedText('health_doctor_phone'),
    substance_attends_aa_na: sealedBool('substance_attends_aa_na'),
    substance_aa_na_frequency: sealedInt('substance_aa_na_frequency'),
    substance_last_use_date: sealedText('substance_last_use_date'),
    substance_sobriety_length: sealedText('substance_sobriety_length'),
    income_source: sealedText('income_source'),
    income_people_dependent: sealedInt('income_people_dependent'),
    income_minors_dependent: sealedInt('income_minors_dependent'),
    benefits_types: sealedList('benefits_types'),
    medicaid_status: sealedText('medicaid_status'),
    case_manager_name: sealedText('case_manager_name'),
    case_manager_phone: sealedText('case_manager_phone'),
    case_manager_agency: sealedText('case_manager_agency'),
    referral_source: sealedText('referral_source'),
    preferred_state: text('preferred_state').notNull(),
    preferred_cities: json<string[]>('preferred_cities').notNull().default([]),
    client_mobility_needs: sealedText('client_mobility_needs'),
    client_dietary_restrictions: sealedText('client_dietary_restrictions'),
    client_behavioral_notes: sealedText('client_behavioral_notes'),
    budget_range: text('budget_range').notNull(),
    /** Upper bound of budget_range in cents, for matching against monthly fees. */
    budget_max_cents: integer('budget_max_cents'),
    additional_notes: sealedText('additional_notes'),
    // Requirement checkboxes, matched against property flags.
    requires_wheelchair_accessible: bool('requires_wheelchair_accessible').notNull().default(false),
    requires_pet_friendly: bool('requires_pet_friendly').notNull().default(false),
    requires_private_room: bool('requires_private_room').notNull().default(false),
    requires_medical_care_24_7: bool('requires_medical_care_24_7').notNull().default(false),
    requires_sex_offender_friendly: bool('requires_sex_offender_friendly').notNull().default(false),
    // Care extras: not identifying, so clear at rest and on the masked card.
    // Level of care and funding are hard filters in matching; urgent ranks first in /browse-referrals.
    level_of_care: text('level_of_care', { enum: CARE_LEVELS }),
    funding_source: text('funding_source', { enum: FUNDING_SOURCES }),
    timeline: text('timeline', { enum: TIMELINES }),
    is_urgent: bool('is_urgent').notNull().default(false),
    status: text('status', { enum: REFERRAL_STATUSES }).notNull().default('pending'),
    visibility_level: text('visibility_level').notNull().default('masked'),
    referral_fee_paid: bool('referral_fee_paid').notNull().default(false),
    interested_operators_count: integer('interested_operators_count').notNull().default(0),
    matched_operator_id: text('matched_operator_id').references(() => users.id, { onDelete: 'set null' }),
    matched_property_id: text('matched_property_id').references(() => properties.id, { onDelete: 'set null' }),
    placed_at: timestamp('placed_at'),
    /** Closed by the referrer with an outcome. */
    closed_at: timestamp('closed_at'),
    close_outcome: text('close_outcome', { enum: CLOSE_OUTCOMES }),
    close_note: sealedText('close_note'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('referrals_status_idx').on(t.status, t.created_at),
    index('referrals_referrer_idx').on(t.referrer_user_id, t.created_at),
    index('referrals_created_idx').on(t.created_at),
    index('referrals_urgent_idx').on(t.status, t.is_urgent, t.created_at),
    check('referrals_status_check', inList('status', REFERRAL_STATUSES)),
    check('referrals_close_outcome_check', sql`close_outcome IS NULL OR ${inList('close_outcome', CLOSE_OUTCOMES)}`),
    check('referrals_level_of_care_check', sql`level_of_care IS NULL OR ${inList('level_of_care', CARE_LEVELS)}`),
    check('referrals_funding_source_check', sql`funding_source IS NULL OR ${inList('funding_source', FUNDING_SOURCES)}`),
    check('referrals_timeline_check', sql`timeline IS NULL OR ${inList('timeline', TIMELINES)}`),
    index('referrals_matched_property_id_idx').on(t.matched_property_id),
    index('referrals_matched_operator_id_idx').on(t.matched_operator_id),
  ],
)

/** Operators notified by automatic matching; unique so a re-run never notifies twice. */
export const referral_matches = sqliteTable(
  'referral_matches',
  {
    id: id(),
    referral_id: text('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    operator_id: text('operator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    property_id: text('property_id').references(() => properties.id, { onDelete: 'set null' }),
    score: real('score').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('referral_matches_unique').on(t.referral_id, t.operator_id),
    index('referral_matches_property_id_idx').on(t.property_id),
    index('referral_matches_operator_id_idx').on(t.operator_id),
  ],
)

export const invitations = sqliteTable(
  'invitations',
  {
    id: id(),
    referral_id: text('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    operator_id: text('operator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invited_by: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    message: sealedText('message'),
    status: text('status', { enum: ['pending', 'accepted', 'declined'] }).notNull().default('pending'),
    /** When the operator accepted or declined; a decline's reason is in referral_declines. */
    responded_at: timestamp('responded_at'),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('invitations_unique').on(t.referral_id, t.operator_id),
    index('invitations_operator_idx').on(t.operator_id),
    index('invitations_invited_by_idx').on(t.invited_by),
  ],
)

/**
 * An operator's "Not a fit" on a referral they were matched to or invited to
 *. The referrer sees the reasons; which home declined only when
 * `anonymous` is false. The note is written about a client's referral, so it
 * is sealed like care data (ADR 010).
 */
export const referral_declines = sqliteTable(
  'referral_declines',
  {
    id: id(),
    referral_id: text('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    operator_id: text('operator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source', { enum: DECLINE_SOURCES }).notNull(),
    reason: text('reason', { enum: DECLINE_REASONS }).notNull(),
    note: sealedText('note'),
    anonymous: bool('anonymous').notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('referral_declines_unique').on(t.referral_id, t.operator_id),
    index('referral_declines_created_idx').on(t.created_at),
    check('referral_declines_reason_check', inList('reason', DECLINE_REASONS)),
    check('referral_declines_source_check', inList('source', DECLINE_SOURCES)),
    index('referral_declines_operator_id_idx').on(t.operator_id),
  ],
)

/** The signed single-use link of the weekly "are your beds still right?" e-mail. */
export const bed_confirmation_links = sqliteTable(
  'bed_confirmation_links',
  {
    id: id(),
    property_id: text('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    operator_id: text('operator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique(),
    expires_at: timestamp('expires_at').notNull(),
    used_at: timestamp('used_at'),
    created_at: createdAt(),
  },
  (t) => [
    index('bed_confirmation_links_operator_idx').on(t.operator_id, t.created_at),
    index('bed_confirmation_links_property_id_idx').on(t.property_id),
  ],
)

export const referral_interests = sqliteTable(
  'referral_interests',
  {
    id: id(),
    referral_id: text('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    operator_id: text('operator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: INTEREST_STATUSES }).notNull().default('interested'),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('referral_interests_unique').on(t.referral_id, t.operator_id),
    index('referral_interests_operator_idx').on(t.operator_id, t.status),
    check('referral_interests_status_check', inList('status', INTEREST_STATUSES)),
  ],
)

export const referral_payments = sqliteTable(
  'referral_payments',
  {
    id: id(),
    referral_id: text('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    operator_id: text('operator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount_cents: integer('amount_cents').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    provider: text('provider', { enum: ['stripe', 'offline'] }).notNull(),
    checkout_session_id: text('checkout_session_id').unique(),
    payment_intent_id: text('payment_intent_id'),
    /** Set once Stripe accepted the refund of a refunded card payment (retried until then). */
    stripe_refund_id: text('stripe_refund_id'),
    checkout_expires_at: timestamp('checkout_expires_at'),
    paid_at: timestamp('paid_at'),
    escrow_hold_until: timestamp('escrow_hold_until'),
    /** Set by the scheduler when the hold ends without agreement: shown as Expired to admins. */
    escrow_expired_at: timestamp('escrow_expired_at'),
    referrer_confirmation: text('referrer_confirmation', { enum: PLACEMENT_ANSWERS }),
    operator_confirmation: text('operator_confirmation', { enum: PLACEMENT_ANSWERS }),
    /** The referrer confirmed the placement and declined the payment: once both confirm, the fee goes back to the operator (a refund) and the referral is placed. */
    referrer_declined_payment: bool('referrer_declined_payment').notNull().default(false),
    resolved_at: timestamp('resolved_at'),
    resolved_by: text('resolved_by'),
    resolution_reason: text('resolution_reason'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    // One escrow slot per referral, enforced by the database.
    uniqueIndex('referral_payments_one_slot')
      .on(t.referral_id)
      .where(inList('status', SLOT_STATUSES)),
    index('referral_payments_operator_idx').on(t.operator_id),
    index('referral_payments_escrow_idx').on(t.status, t.escrow_hold_until),
    check('referral_payments_status_check', inList('status', PAYMENT_STATUSES)),
    check('referral_payments_amount_check', sql`amount_cents >= 0`),
  ],
)

/** Money owed to a referrer after a confirmed placement. */
export const payouts = sqliteTable(
  'payouts',
  {
    id: id(),
    payment_id: text('payment_id')
      .notNull()
      .unique()
      .references(() => referral_payments.id),
    referral_id: text('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    referrer_user_id: text('referrer_user_id').references(() => users.id, { onDelete: 'set null' }),
    amount_cents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['owed', 'paid'] }).notNull().default('owed'),
    /** When the payout was recorded as paid. */
    paid_at: timestamp('paid_at'),
    /** The day the money left, as the admin recorded it (yyyy-MM-dd). */
    paid_on: text('paid_on'),
    method: text('method', { enum: PAYOUT_METHODS }),
    /** The check number or transfer id (no account number: it is said in the e-mail that tells her). */
    reference: text('reference'),
    recorded_by: text('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    check('payouts_status_check', inList('status', ['owed', 'paid'])),
    check('payouts_method_check', inList('method', PAYOUT_METHODS)),
    index('payouts_recorded_by_idx').on(t.recorded_by),
    check('payouts_amount_check', sql`amount_cents >= 0`),
    index('payouts_referrer_user_id_idx').on(t.referrer_user_id),
    index('payouts_referral_id_idx').on(t.referral_id),
  ],
)

/**
 * Where a referrer wants her referral fees paid: one row per person, given and
 * changed by her. The payee and the address or account are personal financial
 * data, sealed like care data (ADR 010, ADR 013); only she and admins read them
 * (an admin's read is audited).
 */
export const payout_details = sqliteTable(
  'payout_details',
  {
    user_id: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method', { enum: PAYOUT_METHODS }).notNull(),
    payee_name: sealedText('payee_name').notNull(),
    /** A mailing address for a check, or the account details for a transfer: free text. */
    details: sealedText('details').notNull(),
    updated_at: timestamp('updated_at').notNull(),
  },
  () => [check('payout_details_method_check', inList('method', PAYOUT_METHODS))],
)

export const referral_waitlist = sqliteTable(
  'referral_waitlist',
  {
    id: id(),
    referral_id: text('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    operator_id: text('operator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1-based among active entries; compacted when someone leaves or is skipped. */
    position: integer('position').notNull(),
    status: text('status', { enum: WAITLIST_STATUSES }).notNull().default('waiting'),
    notified_at: timestamp('notified_at'),
    notification_expires_at: timestamp('notification_expires_at'),
    expires_at: timestamp('expires_at').notNull(),
    /** What the client would need from this home, in the operator's words; may describe care, so sealed. */
    needs: sealedText('needs'),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('referral_waitlist_active_unique')
      .on(t.referral_id, t.operator_id)
      .where(inList('status', ACTIVE_WAITLIST_STATUSES)),
    index('referral_waitlist_referral_idx').on(t.referral_id, t.status, t.position),
    index('referral_waitlist_operator_idx').on(t.operator_id),
    check('referral_waitlist_status_check', inList('status', WAITLIST_STATUSES)),
  ],
)

// ─── messaging and documents ─────────────────────────────────────────────────

/** One referral and one operator: the referrer and that operator, nobody else. */
export const conversations = sqliteTable(
  'conversations',
  {
    id: id(),
    referral_id: text('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    operator_id: text('operator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    opened_by: text('opened_by', { enum: ['interest', 'invitation', 'unlock'] }).notNull(),
    last_message_at: timestamp('last_message_at'),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('conversations_unique').on(t.referral_id, t.operator_id),
    index('conversations_operator_idx').on(t.operator_id),
  ],
)

export const messages = sqliteTable(
  'messages',
  {
    id: id(),
    conversation_id: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    referral_id: text('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    sender_id: text('sender_id').references(() => users.id, { onDelete: 'set null' }),
    message_text: sealedText('message_text').notNull(),
    is_read: bool('is_read').notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversation_id, t.created_at),
    index('messages_sender_idx').on(t.sender_id, t.created_at),
    index('messages_referral_id_idx').on(t.referral_id),
  ],
)

/**
 * Documents exchanged on a referral. `operator_id` names the operator side of
 * the exchange: the document is visible to the referrer and that operator only.
 */
export const referral_documents = sqliteTable(
  'referral_documents',
  {
    id: id(),
    referral_id: text('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    operator_id: text('operator_id').references(() => users.id, { onDelete: 'cascade' }),
    uploaded_by: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploader_role: text('uploader_role', { enum: UPLOADER_ROLES }).notNull(),
    file_name: sealedText('file_name').notNull(),
    storage_key: text('storage_key').notNull(),
    file_size: integer('file_size').notNull(),
    file_type: text('file_type').notNull(),
    description: sealedText('description'),
    requires_signature: bool('requires_signature').notNull().default(false),
    is_signed: bool('is_signed').notNull().default(false),
    signed_at: timestamp('signed_at'),
    signed_by: text('signed_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    index('referral_documents_referral_idx').on(t.referral_id, t.created_at),
    index('referral_documents_signed_by_idx').on(t.signed_by),
    index('referral_documents_uploaded_by_idx').on(t.uploaded_by),
    index('referral_documents_operator_id_idx').on(t.operator_id),
    index('referral_documents_storage_key_idx').on(t.storage_key),
    check('referral_documents_uploader_role_check', inList('uploader_role', UPLOADER_ROLES)),
  ],
)

// ─── reviews ─────────────────────────────────────────────────────────────────

export const reviews = sqliteTable(
  'reviews',
  {
    id: id(),
    property_id: text('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    referral_id: text('referral_id').references(() => referrals.id, { onDelete: 'set null' }),
    reviewer_name: text('reviewer_name').notNull(),
    reviewer_email: text('reviewer_email').notNull(),
    rating: integer('rating').notNull(),
    review_text: text('review_text').notNull(),
    /**
     * Generated from `status`, the one source of truth (ADR 019): the public
     * filter, led by reviews_property_idx. Never written; it cannot disagree.
     */
    operator_approved: bool('operator_approved')
      .notNull()
      .generatedAlwaysAs(sql`status = 'approved'`, { mode: 'stored' }),
    status: text('status', { enum: REVIEW_STATUSES }).notNull().default('pending'),
    // Review categories, 1-5 each; null only on reviews written before they existed (migration 0011).
    communication_rating: integer('communication_rating'),
    professionalism_rating: integer('professionalism_rating'),
    facility_quality_rating: integer('facility_quality_rating'),
    overall_experience_rating: integer('overall_experience_rating'),
    created_at: createdAt(),
  },
  (t) => [
    index('reviews_property_idx').on(t.property_id, t.operator_approved, t.created_at),
    uniqueIndex('reviews_referral_unique').on(t.referral_id),
    check('reviews_rating_check', sql`rating BETWEEN 1 AND 5`),
    check('reviews_status_check', inList('status', REVIEW_STATUSES)),
    ...REVIEW_CATEGORIES.map((c) => check(`reviews_${c}_rating_check`, sql.raw(`${c}_rating IS NULL OR ${c}_rating BETWEEN 1 AND 5`))),
  ],
)

/**
 * License proof an operator uploads for an admin to check (the
 * Verified badge). The file is sealed on disk like referral documents and only
 * served through an access-checked route; the admin's decision sets
 * profiles.verification_status. One proof at most waits for review per operator;
 * a newer upload or a change of licensing type supersedes it.
 */
export const license_proofs = sqliteTable(
  'license_proofs',
  {
    id: id(),
    operator_id: text('operator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storage_key: text('storage_key').notNull(),
    file_name: text('file_name').notNull(),
    file_type: text('file_type').notNull(),
    file_size: integer('file_size').notNull(),
    /** The licensing type the proof is for: the profile's when it was uploaded. */
    licensing_type: text('licensing_type', { enum: LICENSING_TYPES }).notNull(),
    status: text('status', { enum: LICENSE_PROOF_STATUSES }).notNull().default('pending'),
    /** Why the admin rejected it (required then); shown to the operator. */
    reason: text('reason'),
    reviewed_by: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewed_at: timestamp('reviewed_at'),
    created_at: createdAt(),
  },
  (t) => [
    index('license_proofs_operator_idx').on(t.operator_id, t.created_at),
    index('license_proofs_reviewed_by_idx').on(t.reviewed_by),
    index('license_proofs_storage_key_idx').on(t.storage_key),
    uniqueIndex('license_proofs_one_pending').on(t.operator_id).where(sql`status = 'pending'`),
    check('license_proofs_status_check', inList('status', LICENSE_PROOF_STATUSES)),
    check('license_proofs_reason_check', sql`status <> 'rejected' OR length(trim(COALESCE(reason, ''))) > 0`),
    check('license_proofs_size_check', sql`file_size > 0`),
    check('license_proofs_licensing_check', inList('licensing_type', LICENSING_TYPES)),
  ],
)

/** The signed link of a review-request e-mail; single use. */
export const review_requests = sqliteTable(
  'review_requests',
  {
    id: id(),
    referral_id: text('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique(),
    sent_to: text('sent_to').notNull(),
    expires_at: timestamp('expires_at').notNull(),
    used_at: timestamp('used_at'),
    created_at: createdAt(),
  },
  (t) => [index('review_requests_referral_idx').on(t.referral_id)],
)

// ─── platform ────────────────────────────────────────────────────────────────

export const audit_logs = sqliteTable(
  'audit_logs',
  {
    id: id(),
    actor_id: text('actor_id'), // null for the CLI and the scheduler
    actor_label: text('actor_label').notNull(), // e-mail, 'cli' or 'scheduler'
    action: text('action').notNull(),
    resource_type: text('resource_type').notNull(),
    resource_id: text('resource_id'),
    details: json<Record<string, unknown>>('details'),
    ip_address: text('ip_address'),
    created_at: createdAt(),
  },
  (t) => [index('audit_logs_created_idx').on(t.created_at)],
)

/** Append-only accounting of disclosures: who saw a referral's care data, when, from where. */
export const disclosures = sqliteTable(
  'disclosures',
  {
    id: id(),
    referral_id: text('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    viewer_id: text('viewer_id').references(() => users.id, { onDelete: 'set null' }),
    viewer_label: text('viewer_label').notNull(),
    viewer_role: text('viewer_role').notNull(),
    what: text('what').notNull(), // 'referral' or 'document:<id>'
    ip_address: text('ip_address'),
    created_at: createdAt(),
  },
  (t) => [
    index('disclosures_referral_idx').on(t.referral_id, t.created_at),
    index('disclosures_viewer_id_idx').on(t.viewer_id),
  ],
)

/** A file attached to an outbox e-mail: a name, a MIME type and its text. */
export type MailAttachment = { filename: string; content_type: string; content: string }

/** Every e-mail the system produces. Delivered by the outbox job (SMTP or .eml files). */
export const outbox = sqliteTable(
  'outbox',
  {
    id: id(),
    to_email: text('to_email').notNull(),
    type: text('type').notNull(), // referral_submitted, operator_matched, review_request, ...
    subject: text('subject').notNull(),
    text_body: text('text_body').notNull(),
    html_body: text('html_body'),
    referral_id: text('referral_id').references(() => referrals.id, { onDelete: 'set null' }),
    /** Files sent with the message (a tour's .ics invitation); text content only. */
    attachments: json<MailAttachment[]>('attachments'),
    /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post on e-mails one may turn off (RFC 8058). */
    headers: json<Record<string, string>>('headers'),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    next_attempt_at: timestamp('next_attempt_at').notNull().$defaultFn(() => clock.now()),
    sent_at: timestamp('sent_at'),
    created_at: createdAt(),
  },
  (t) => [
    index('outbox_status_idx').on(t.status, t.next_attempt_at),
    index('outbox_created_idx').on(t.created_at),
    check('outbox_status_check', inList('status', OUTBOX_STATUSES)),
    index('outbox_referral_id_idx').on(t.referral_id),
  ],
)

/** In-app notifications (the bell), pushed live over SSE. */
export const notifications = sqliteTable(
  'notifications',
  {
    id: id(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: sealedText('body'),
    link: text('link'),
    read_at: timestamp('read_at'),
    created_at: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.user_id, t.created_at)],
)

/** Persisted scheduler jobs: `key` makes scheduling idempotent; a job fires once. */
export const jobs = sqliteTable(
  'jobs',
  {
    id: id(),
    kind: text('kind').notNull(),
    key: text('key').notNull().unique(),
    payload: json<Record<string, unknown>>('payload').notNull().default({}),
    run_at: timestamp('run_at').notNull(),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    locked_until: timestamp('locked_until'),
    last_error: text('last_error'),
    finished_at: timestamp('finished_at'),
    created_at: createdAt(),
  },
  (t) => [
    index('jobs_due_idx').on(t.status, t.run_at),
    check('jobs_status_check', inList('status', JOB_STATUSES)),
  ],
)

/**
 * Rate-limit windows shared by every instance on one PostgreSQL database
 * (server/lib/rate-limit.ts; a single SQLite process counts in memory). `key`
 * is a SHA-256 of what is limited (an e-mail, an address, a user id), so the
 * table never holds those in clear. `reset_at` is epoch milliseconds.
 */
export const rate_limits = sqliteTable(
  'rate_limits',
  {
    name: text('name').notNull(),
    key: text('key').notNull(),
    count: integer('count').notNull(),
    reset_at: integer('reset_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.name, t.key] }), index('rate_limits_reset_idx').on(t.reset_at)],
)

/** Provider webhook events already processed (each processed once). */
export const webhook_events = sqliteTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processed_at: timestamp('processed_at').notNull().$defaultFn(() => clock.now()),
})

/** Realtime event log, so a reconnecting EventSource can replay what it missed (Last-Event-ID). */
export const realtime_events = sqliteTable(
  'realtime_events',
  {
    id: integer('id')
      .primaryKey({ autoIncrement: true })
      .$defaultFn(issuedByDatabase),
    /** Users allowed to receive it (JSON array of user ids); admins never get care data here. */
    audience: json<string[]>('audience').notNull(),
    type: text('type').notNull(),
    data: json<Record<string, unknown>>('data').notNull(),
    created_at: createdAt(),
  },
  (t) => [index('realtime_events_created_idx').on(t.created_at)],
)

/**
 * EHRs registered for SMART App Launch (ADR 033): the FHIR base URL (`iss`) Homeward accepts a
 * launch from, the client id the EHR gave Homeward, and how Homeward authenticates at its token
 * endpoint: `public` (PKCE only), `secret` (the client secret, sealed at rest) or `jwks`
 * (a signed assertion; the private key sealed, the public key served at /smart/jwks.json).
 */
export const smart_ehrs = sqliteTable(
  'smart_ehrs',
  {
    id: id(),
    iss: text('iss').notNull(),
    client_id: text('client_id').notNull(),
    client_auth: text('client_auth').notNull(),
    client_secret: sealedText('client_secret'),
    private_jwk: sealedText('private_jwk'),
    public_jwk: json<Record<string, unknown>>('public_jwk'),
    /** The EHR pages that may frame the launch (origins); the iss's origin unless told. */
    frame_origins: json<string[]>('frame_origins').notNull(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('smart_ehrs_iss_idx').on(t.iss), check('smart_ehrs_client_auth_check', inList('client_auth', ['public', 'secret', 'jwks']))],
)

/**
 * A launch under way (ADR 033): created at /smart/launch, keyed by the SHA-256 of its `state`, bound
 * to the browser by the SHA-256 of a cookie; the PKCE verifier sealed. After the callback it holds
 * the imported draft (care data, sealed) until the signed-in browser picks it up, once. Minutes long.
 */
export const smart_launches = sqliteTable(
  'smart_launches',
  {
    id: text('id').primaryKey(),
    ehr_id: text('ehr_id')
      .notNull()
      .references(() => smart_ehrs.id, { onDelete: 'cascade' }),
    browser_hash: text('browser_hash').notNull(),
    code_verifier: sealedText('code_verifier').notNull(),
    framed: bool('framed').notNull().default(false),
    draft: sealedText('draft'),
    expires_at: timestamp('expires_at').notNull(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('smart_launches_browser_idx').on(t.browser_hash), index('smart_launches_expires_idx').on(t.expires_at), index('smart_launches_ehr_idx').on(t.ehr_id)],
)

/**
 * A registered system (SMART Backend Services, ADR 038): a hospital's system that authenticates with
 * a signed assertion (`private_key_jwt`) and acts for the referrer account `user_id`, narrowed by
 * `scopes`. Its public keys come from `jwks_url` (fetched, cached) or `jwks` (given at registration).
 * `revoked_at` ends it: its tokens stop working on their next request.
 */
export const fhir_clients = sqliteTable(
  'fhir_clients',
  {
    id: id(),
    name: text('name').notNull(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jwks_url: text('jwks_url'),
    jwks: json<{ keys: Record<string, unknown>[] }>('jwks'),
    scopes: text('scopes').notNull(),
    last_used_at: timestamp('last_used_at'),
    revoked_at: timestamp('revoked_at'),
    created_at: createdAt(),
  },
  (t) => [index('fhir_clients_user_idx').on(t.user_id), check('fhir_clients_keys_check', sql`(jwks_url IS NULL) <> (jwks IS NULL)`)],
)

/**
 * The assertions' ids a client has used (ADR 038): the unique key refuses a replayed `jti` on every
 * instance at once; a row is kept until its assertion has expired, then swept.
 */
export const fhir_client_assertions = sqliteTable(
  'fhir_client_assertions',
  {
    client_id: text('client_id')
      .notNull()
      .references(() => fhir_clients.id, { onDelete: 'cascade' }),
    jti: text('jti').notNull(),
    expires_at: timestamp('expires_at').notNull(),
  },
  (t) => [uniqueIndex('fhir_client_assertions_jti_idx').on(t.client_id, t.jti), index('fhir_client_assertions_expires_idx').on(t.expires_at)],
)

/**
 * An access token a client was issued (ADR 038): only its SHA-256 is kept; it lives at most five
 * minutes and is checked against its client on every request, so revoking the client ends it at once.
 */
export const fhir_access_tokens = sqliteTable(
  'fhir_access_tokens',
  {
    token_hash: text('token_hash').primaryKey(),
    client_id: text('client_id')
      .notNull()
      .references(() => fhir_clients.id, { onDelete: 'cascade' }),
    scopes: text('scopes').notNull(),
    expires_at: timestamp('expires_at').notNull(),
    created_at: createdAt(),
  },
  (t) => [index('fhir_access_tokens_client_idx').on(t.client_id), index('fhir_access_tokens_expires_idx').on(t.expires_at)],
)

/** A Subscription's status (FHIR R4 subscription-status): `requested` until its handshake answered. */
export const FHIR_SUBSCRIPTION_STATUSES = ['requested', 'active', 'error', 'off'] as const
export const FHIR_SUBSCRIPTION_PAYLOADS = ['id-only', 'full-resource'] as const

/**
 * A registered system's topic-based Subscription (R4 Subscriptions Backport, rest-hook; ADR 043). Its
 * `events_since_start` is the counter each event takes its number from (the row is locked while one is
 * taken); `delivering_until` is the lease of the instance delivering its notifications, so one
 * instance at a time sends them, in order. The headers hold the receiver's secrets: sealed.
 */
export const fhir_subscriptions = sqliteTable(
  'fhir_subscriptions',
  {
    id: id(),
    client_id: text('client_id')
      .notNull()
      .references(() => fhir_clients.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    /** The filter (`Task?_id=…` or `Task?requester=…`), as the client sent it. */
    filter: text('filter').notNull(),
    endpoint: text('endpoint').notNull(),
    payload: text('payload', { enum: FHIR_SUBSCRIPTION_PAYLOADS }).notNull(),
    headers: sealedList('headers').notNull(),
    status: text('status', { enum: FHIR_SUBSCRIPTION_STATUSES }).notNull().default('requested'),
    events_since_start: integer('events_since_start').notNull().default(0),
    error_count: integer('error_count').notNull().default(0),
    last_error: text('last_error'),
    delivering_until: timestamp('delivering_until'),
    created_at: createdAt(),
  },
  (t) => [
    index('fhir_subscriptions_client_idx').on(t.client_id),
    index('fhir_subscriptions_status_idx').on(t.status),
    check('fhir_subscriptions_status_check', inList('status', FHIR_SUBSCRIPTION_STATUSES)),
    check('fhir_subscriptions_payload_check', inList('payload', FHIR_SUBSCRIPTION_PAYLOADS)),
  ],
)

export const FHIR_NOTIFICATION_STATUSES = ['pending', 'sent', 'failed'] as const

/**
 * One event of a Subscription to deliver (ADR 043): inserted in the transaction of the change, so it
 * exists if and only if the change committed; numbered per subscription, the unique key refusing a
 * second row under one number. Ids only: the Task is read again when it is sent.
 */
export const fhir_subscription_notifications = sqliteTable(
  'fhir_subscription_notifications',
  {
    id: id(),
    subscription_id: text('subscription_id')
      .notNull()
      .references(() => fhir_subscriptions.id, { onDelete: 'cascade' }),
    event_number: integer('event_number').notNull(),
    referral_id: text('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    task_id: text('task_id').notNull(),
    version_id: text('version_id').notNull(),
    changed_at: timestamp('changed_at').notNull(),
    status: text('status', { enum: FHIR_NOTIFICATION_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    next_attempt_at: timestamp('next_attempt_at').notNull().$defaultFn(() => clock.now()),
    sent_at: timestamp('sent_at'),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('fhir_subscription_notifications_number_idx').on(t.subscription_id, t.event_number),
    index('fhir_subscription_notifications_due_idx').on(t.status, t.next_attempt_at),
    index('fhir_subscription_notifications_referral_id_idx').on(t.referral_id),
    check('fhir_subscription_notifications_status_check', inList('status', FHIR_NOTIFICATION_STATUSES)),
  ],
)

/**
 * The version of each referral's FHIR Task (ADR 042): `version_id` counts the changes of what the Task
 * says (`projection_hash`, a digest of its status, business status, owner, output…), bumped by the
 * Task-change hook (touchTask) in the transaction that changed the referral, with this row locked.
 * `status` is the Task's, kept for the `status` search parameter.
 */
export const fhir_tasks = sqliteTable(
  'fhir_tasks',
  {
    referral_id: text('referral_id')
      .primaryKey()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    version_id: integer('version_id').notNull(),
    last_updated: timestamp('last_updated').notNull(),
    status: text('status').notNull(),
    projection_hash: text('projection_hash'),
  },
  (t) => [index('fhir_tasks_last_updated_idx').on(t.last_updated, t.referral_id)],
)

/**
 * The stable ids of a referral's FHIR resources (stable-id.ts: name-based, not reversible), so that
 * `GET /fhir/r4/<type>/<id>` finds the referral, then asks whether the reader may see it (ADR 042).
 * A row is written the first time a resource is built; `document_id` names the file of a
 * DocumentReference or Binary.
 */
export const fhir_resource_ids = sqliteTable(
  'fhir_resource_ids',
  {
    id: text('id').primaryKey(),
    resource_type: text('resource_type').notNull(),
    referral_id: text('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    document_id: text('document_id').references(() => referral_documents.id, { onDelete: 'cascade' }),
  },
  (t) => [index('fhir_resource_ids_referral_idx').on(t.referral_id), index('fhir_resource_ids_document_idx').on(t.document_id)],
)

/** The kinds of e-mail a person may turn off (account page, or the link in each such e-mail). */
export const EMAIL_TOPICS = ['messages', 'placement', 'hold_reminder'] as const
export type EmailTopic = (typeof EMAIL_TOPICS)[number]

/** A person's choice per kind of e-mail; no row means the default, on. */
export const email_preferences = sqliteTable(
  'email_preferences',
  {
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic', { enum: EMAIL_TOPICS }).notNull(),
    enabled: bool('enabled').notNull(),
    updated_at: timestamp('updated_at').notNull().$defaultFn(() => clock.now()),
  },
  (t) => [
    primaryKey({ name: 'email_preferences_pk', columns: [t.user_id, t.topic] }),
    check('email_preferences_topic_check', inList('topic', EMAIL_TOPICS)),
  ],
)

/**
 * One per e-mail that can be turned off: its one-click unsubscribe link (only
 * the token's hash is stored). It works without signing in, any number of times.
 */
export const email_unsubscribe_links = sqliteTable(
  'email_unsubscribe_links',
  {
    id: id(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic', { enum: EMAIL_TOPICS }).notNull(),
    token_hash: text('token_hash').notNull().unique(),
    created_at: createdAt(),
  },
  (t) => [
    index('email_unsubscribe_links_user_idx').on(t.user_id, t.created_at),
    check('email_unsubscribe_links_topic_check', inList('topic', EMAIL_TOPICS)),
  ],
)

/**
 * The one-click answer link of a "Please confirm the placement" e-mail: one
 * party's answer about one held payment, single use, until the hold ends
 * (only the token's hash is stored). The answer goes through confirmPlacement.
 */
export const placement_answer_links = sqliteTable(
  'placement_answer_links',
  {
    id: id(),
    payment_id: text('payment_id')
      .notNull()
      .references(() => referral_payments.id, { onDelete: 'cascade' }),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique(),
    expires_at: timestamp('expires_at').notNull(),
    used_at: timestamp('used_at'),
    created_at: createdAt(),
  },
  // By user too: deleting an account cascades here (every foreign key is an index's first column).
  (t) => [index('placement_answer_links_payment_idx').on(t.payment_id), index('placement_answer_links_user_idx').on(t.user_id)],
)

/**
 * A signed-in account's shortlist of homes to compare (at most
 * SHORTLIST_MAX, features/properties/shortlist.ts). A home that stops being
 * public stays on the list and is shown as no longer listed; deleting the
 * home or the account removes its rows.
 */
export const shortlist_items = sqliteTable(
  'shortlist_items',
  {
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    property_id: text('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ name: 'shortlist_items_pk', columns: [t.user_id, t.property_id] }), index('shortlist_items_property_idx').on(t.property_id)],
)
