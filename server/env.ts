import path from 'node:path'
import { z } from 'zod'

/**
 * The only reader of process.env. Validated once at boot so a bad setting
 * fails fast with a readable message instead of surfacing mid-request.
 * Every variable here is listed in the README's configuration table.
 */
const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1')

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  /** postgres://user:password@host:5432/database: run on PostgreSQL instead of DATA_DIR/homeward.db (README, ADR 021). */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL, e.g. postgres://user:password@host:5432/homeward')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Connections in the PostgreSQL pool of each process. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  /** Public origin used in e-mails, QR codes and Stripe return URLs. */
  PUBLIC_URL: z.string().url().optional(),
  SUPPORT_EMAIL: z.string().email().default('support@homeward.example'),
  SUPPORT_PHONE: z.string().default('(555) 010-2000'),
  /** Disable the automatic demo seed of a new database (never runs in production). */
  SEED_DEMO: bool.default(true),
  /** Unset: `info`, and `warn` under NODE_ENV=test (the suite's output stays readable). */
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).optional(),
  /** Take the client IP from X-Forwarded-For (behind a reverse proxy or a load balancer). */
  TRUST_PROXY: bool.default(false),
  /** Where the built browser app is (parallel test runs build into their own folder); unset, dist/client. */
  CLIENT_DIST: z.string().optional(),
  /** `1`: run the prebuilt server as it is, without the freshness check (the Docker image). */
  PREBUILT_SERVER: bool.default(false),

  // Money and time rules. Amounts in whole cents.
  PREMIUM_PRICE_CENTS: z.coerce.number().int().min(0).default(3000),
  TRIAL_DAYS: z.coerce.number().int().min(0).default(30),
  UNLOCK_FEE_LICENSED_CENTS: z.coerce.number().int().min(0).default(50000),
  UNLOCK_FEE_UNLICENSED_CENTS: z.coerce.number().int().min(0).default(20000),
  ESCROW_HOLD_HOURS: z.coerce.number().int().min(1).default(72),
  CHECKOUT_HOLD_MINUTES: z.coerce.number().int().min(1).default(30),
  WAITLIST_NOTIFY_HOURS: z.coerce.number().int().min(1).default(48),
  WAITLIST_EXPIRY_DAYS: z.coerce.number().int().min(1).default(90),
  /** A home's bed count older than this shows "Availability not confirmed recently". */
  BEDS_FRESH_DAYS: z.coerce.number().int().min(1).max(365).default(14),

  // Stripe: without a secret key the built-in offline checkout stands in.
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PREMIUM_PRICE_ID: z.string().optional(),
  /** Point the Stripe SDK at another host (tests use a fake Stripe server). */
  STRIPE_API_URL: z.string().url().optional(),

  // E-mail: without SMTP, messages are written to DATA_DIR/outbox as .eml files.
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Homeward <no-reply@homeward.example>'),

  /** 32-byte key (base64 or hex) for encrypting care data at rest; a key file in DATA_DIR otherwise. */
  HOMEWARD_SECRET_KEY: z.string().optional(),
  /** Password hashes computed at once (each takes one core ~0.1 s); default: the number of cores. */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  /** Hosts whose JWKS URL may be http or a private address (registered systems, ADR 038; tests use 127.0.0.1), comma-separated. */
  SMART_ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean)),
  /** Hosts a Subscription's rest-hook endpoint may name over http or at a private address (ADR 043; tests use 127.0.0.1), comma-separated. */
  SUBSCRIPTION_ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean)),
  /** Multiplies every rate limit (browser tests create many accounts from one address). */
  RATE_LIMIT_SCALE: z.coerce.number().min(1).default(1),
  /** Run the in-process scheduler (the CLI and tests turn it off). */
  SCHEDULER: bool.default(true),
  /** Bearer token of GET /metrics (Prometheus); unset, there is no /metrics. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional().or(z.literal('').transform(() => undefined)),

  // Where uploads live (ADR 025): unset, DATA_DIR/uploads; s3://bucket/prefix, an S3-compatible bucket.
  STORAGE_URL: z
    .string()
    .regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[A-Za-z0-9!_.*'()/-]*)?$/, 'must be s3://bucket or s3://bucket/prefix, e.g. s3://homeward-files/agency')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The S3 API's address (MinIO, Garage, R2); unset: AWS's, from the region. */
  S3_ENDPOINT: z.string().url().optional().or(z.literal('').transform(() => undefined)),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_SESSION_TOKEN: z.string().optional(),
  // The usual AWS names, read when the S3_ ones are unset.
  AWS_ENDPOINT_URL_S3: z.string().url().optional().or(z.literal('').transform(() => undefined)),
  AWS_ENDPOINT_URL: z.string().url().optional().or(z.literal('').transform(() => undefined)),
  AWS_REGION: z.string().optional(),
  AWS_DEFAULT_REGION: z.string().optional(),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  AWS_SESSION_TOKEN: z.string().optional(),
})

/** A bucket needs credentials: said at boot, naming the settings and never their values. */
const checked = schema.superRefine((e, ctx) => {
  if (!e.STORAGE_URL) return
  if (!(e.S3_ACCESS_KEY_ID || e.AWS_ACCESS_KEY_ID) || !(e.S3_SECRET_ACCESS_KEY || e.AWS_SECRET_ACCESS_KEY)) {
    ctx.addIssue({
      code: 'custom',
      path: ['STORAGE_URL'],
      message: 'needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)',
    })
  }
})

export type Env = z.infer<typeof schema>

function load(): Env {
  const parsed = checked.safeParse(process.env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    console.error(`Invalid configuration:\n${lines.join('\n')}`)
    process.exit(1)
  }
  return parsed.data
}

export const env = load()

export const dataDir = () => path.resolve(env.DATA_DIR)
export const publicUrl = () => env.PUBLIC_URL ?? `http://localhost:${env.PORT}`
export const isProduction = env.NODE_ENV === 'production'
