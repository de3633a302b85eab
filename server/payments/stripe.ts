import type Stripe from 'stripe'
import { env, publicUrl } from '../env'
import { AppError } from '../errors'

/**
 * The Stripe client, or null when payments run offline (no STRIPE_SECRET_KEY:
 * the built-in offline checkout page stands in).
 *
 * STRIPE_API_URL points the SDK at another host (the tests' fake Stripe
 * server). The client is rebuilt when the configuration changes, which only
 * tests do.
 */
let cached: { key: string; client: Stripe } | null = null

export function paymentsOffline() {
  return !env.STRIPE_SECRET_KEY
}

/** The SDK loads with the first payment call, never in a process that has no Stripe key. */
const loadStripe = async () => (await import('stripe')).default

export async function stripeClient(): Promise<Stripe | null> {
  const secret = env.STRIPE_SECRET_KEY
  if (!secret) return null
  const StripeSdk = await loadStripe()
  const key = `${secret}|${env.STRIPE_API_URL ?? ''}`
  if (cached?.key === key) return cached.client
  const config: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false }
  if (env.STRIPE_API_URL) {
    const url = new URL(env.STRIPE_API_URL)
    config.host = url.hostname
    config.protocol = url.protocol.replace(':', '') as 'http' | 'https'
    config.port = Number(url.port || (url.protocol === 'https:' ? 443 : 80))
  }
  cached = { key, client: new StripeSdk(secret, config) }
  return cached.client
}

/** The configured client; only call where Stripe is known to be configured. */
export async function requireStripe(): Promise<Stripe> {
  const client = await stripeClient()
  if (!client) throw new Error('Stripe is not configured')
  return client
}

/** Verifies a webhook's signature (Bun has no Node crypto HMAC path in the SDK: async SubtleCrypto). */
export async function verifyWebhook(rawBody: string, signature: string | undefined): Promise<Stripe.Event> {
  if (!env.STRIPE_WEBHOOK_SECRET) throw new AppError('webhooks_not_configured', 400, 'errors.stripeWebhooksNotConfigured')
  if (!signature) throw new AppError('bad_signature', 400, 'errors.missingStripeSignature')
  try {
    return (await (await loadStripe()).webhooks.constructEventAsync(rawBody, signature, env.STRIPE_WEBHOOK_SECRET)) as Stripe.Event
  } catch {
    throw new AppError('bad_signature', 400, 'errors.invalidExpiredStripeSignature')
  }
}

/** An absolute URL on this site for Stripe's return addresses (keeps `{CHECKOUT_SESSION_ID}` intact). */
export const siteUrl = (pathname: string) => `${publicUrl().replace(/\/$/, '')}${pathname.startsWith('/') ? '' : '/'}${pathname}`

/** A provider failure the user can retry: 502 with the caller's message. */
export const providerError = (message: string, cause: unknown) =>
  new AppError('payment_provider_error', 502, message, undefined, cause instanceof Error ? cause.message : String(cause))

/** Stripe ids arrive as a string or an expanded object. */
export const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id
