import { z } from 'zod'
import { SUBSCRIPTION_STATUSES, TIERS } from '../../db/enums'
import { isoTime } from '../../lib/openapi'

/** Response bodies of the billing and payment routes (OpenAPI; the services' return values). */
const PAYMENT_PROVIDERS = ['stripe', 'offline'] as const
export const subscriptionCheckoutSchema = z.object({
  url: z.string().describe('Stripe Checkout, or the built-in offline page'),
  session_id: z.string().nullable().describe('Stripe session id; null offline'),
})
export const offlineCheckoutDoneSchema = z.object({ ok: z.literal(true), kind: z.string(), id: z.string() })
export const webhookReceivedSchema = z.object({ received: z.literal(true), duplicate: z.boolean() })

/** SubscriptionStatus (GET /api/billing/subscription and the `subscription` of /api/me). */
export const subscriptionStatusSchema = z.object({
  subscribed: z.boolean(),
  tier: z.enum(TIERS),
  product_id: z.string().nullable(),
  subscription_end: z.string().nullable().describe('Next billing date (or the trial end); null without a paid subscription'),
  is_complimentary: z.boolean(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  trial_ends_at: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  provider: z.enum(PAYMENT_PROVIDERS).nullable(),
})

/** What the offline checkout page shows (no card is charged). */
export const offlineCheckoutSchema = z.object({
  title: z.string(),
  description: z.string(),
  amount_cents: z.number().int(),
  recurring: z.boolean().optional().describe('Billed monthly (subscriptions)'),
  trial_days: z.number().int().optional(),
  kind: z.string(),
  id: z.string(),
  offline: z.literal(true),
})

/** getManageView() (manage-subscription.ts): the built-in manage page. */
export const manageViewSchema = z.object({
  plan: z.enum(TIERS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  provider: z.enum(PAYMENT_PROVIDERS).nullable(),
  paid: z.boolean(),
  is_complimentary: z.boolean(),
  is_admin: z.boolean(),
  price_cents: z.number().int(),
  trial_ends_at: isoTime.nullable(),
  next_billing_date: isoTime.nullable(),
  ends_at: isoTime.nullable().describe('Set once cancelled: Premium stays active until then'),
  cancel_at_period_end: z.boolean(),
  can_cancel: z.boolean(),
  portal_available: z.boolean().describe('A Stripe subscription with payments online: the Stripe portal manages it'),
})
export const subscriptionCancelledSchema = z.object({ message: z.string(), manage: manageViewSchema })
