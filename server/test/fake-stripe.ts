/**
 * A small fake of the Stripe API for tests: the few endpoints Homeward calls,
 * served by Bun.serve on a free port, plus helpers to build and sign webhook
 * events. Usage in a test file:
 *
 *   const stripe = useFakeStripe()            // starts it and points env at it (restored afterwards)
 *   await agent.post('/api/billing/checkout')  // → stripe.requests, stripe.sessions
 *   const sub = stripe.subscription({ customer, metadata: { user_id }, status: 'trialing' })
 *   await stripe.deliver(stripe.event('customer.subscription.created', sub))  // signed POST to /api/webhooks/stripe
 *   stripe.failNext('/v1/checkout/sessions')   // the next matching call answers 400
 *
 * Ids, URLs and objects are shaped like Stripe's, with only the fields we read.
 */
import { afterAll, beforeAll } from 'bun:test'
import Stripe from 'stripe'
import { env } from '../env'
import { createApp } from '../app'
import { fakeServer } from './setup'

export const FAKE_WEBHOOK_SECRET = 'whsec_fake_homeward_test'
export const FAKE_SECRET_KEY = 'sk_test_fake_homeward'

type Json = Record<string, any>
export type RecordedRequest = { method: string; path: string; body: Json }

/** Decodes Stripe's form encoding (a[b][0][c]=v) into nested objects and arrays. */
export function parseStripeForm(text: string): Json {
  const root: Json = {}
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const keys = rawKey.replace(/\]/g, '').split('[')
    let node: Json = root
    keys.forEach((key, i) => {
      if (i === keys.length - 1) node[key] = value
      else node = node[key] ??= {}
    })
  }
  const arrays = (value: unknown): unknown => {
    if (!value || typeof value !== 'object') return value
    const obj = value as Json
    const keys = Object.keys(obj)
    if (keys.length && keys.every((k) => /^\d+$/.test(k))) return keys.sort((a, b) => +a - +b).map((k) => arrays(obj[k]))
    for (const k of keys) obj[k] = arrays(obj[k])
    return obj
  }
  return arrays(root) as Json
}

const now = () => Math.floor(Date.now() / 1000)
const rid = (prefix: string) => `${prefix}_${crypto.randomUUID().replace(/-/g, '').slice(0, 24)}`

export function startFakeStripe() {
  const requests: RecordedRequest[] = []
  const customers = new Map<string, Json>()
  const sessions = new Map<string, Json>()
  const subscriptions = new Map<string, Json>()
  const refunds = new Map<string, Json>()
  const failures: Array<{ path: string; status: number; message: string }> = []
  /** Stripe answers a POST sent again with the same Idempotency-Key with the first answer (for 24 hours). */
  const idempotent = new Map<string, Promise<Response>>()

  const error = (status: number, message: string, type = 'invalid_request_error') =>
    Response.json({ error: { type, message } }, { status })

  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(req) {
      const url = new URL(req.url)
      const path = url.pathname
      const text = req.method === 'GET' || req.method === 'DELETE' ? url.search.slice(1) : await req.text()
      const body = parseStripeForm(text)
      requests.push({ method: req.method, path, body })
      if (!req.headers.get('authorization')?.startsWith('Bearer sk_')) return error(401, 'Invalid API Key provided', 'authentication_error')
      const failure = failures.findIndex((f) => path.startsWith(f.path))
      if (failure >= 0) {
        const [f] = failures.splice(failure, 1)
        return error(f!.status, f!.message)
      }

      if (req.method === 'POST' && path === '/v1/customers') {
        const key = req.headers.get('idempotency-key')
        const create = async () => {
          const customer = { id: rid('cus'), object: 'customer', email: body.email ?? null, metadata: body.metadata ?? {}, created: now() }
          customers.set(customer.id, customer)
          return Response.json(customer)
        }
        if (!key) return create()
        if (!idempotent.has(key)) idempotent.set(key, create())
        return (await idempotent.get(key)!).clone()
      }
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const id = rid('cs_test')
        const items = (body.line_items ?? []) as Json[]
        const amount = items.reduce((sum, item) => sum + Number(item.price_data?.unit_amount ?? 0) * Number(item.quantity ?? 1), 0)
        const session = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          mode: body.mode,
          status: 'open',
          payment_status: 'unpaid',
          customer: body.customer ?? null,
          customer_email: body.customer_email ?? null,
          client_reference_id: body.client_reference_id ?? null,
          metadata: body.metadata ?? {},
          amount_total: amount,
          currency: 'usd',
          subscription: null,
          payment_intent: null,
          success_url: body.success_url,
          cancel_url: body.cancel_url,
          expires_at: body.expires_at ? Number(body.expires_at) : now() + 86_400,
          created: now(),
          request: body,
        }
        sessions.set(id, session)
        return Response.json(session)
      }
      const sessionMatch = path.match(/^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/)
      if (sessionMatch) {
        const session = sessions.get(sessionMatch[1]!)
        if (!session) return error(404, `No such checkout.session: '${sessionMatch[1]}'`)
        if (sessionMatch[2]) {
          if (session.status !== 'open') return error(400, 'Only open sessions can be expired')
          session.status = 'expired'
        }
        return Response.json(session)
      }
      if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
        const id = rid('bps')
        return Response.json({ id, object: 'billing_portal.session', customer: body.customer, return_url: body.return_url, url: `https://billing.stripe.test/p/session/${id}` })
      }
      const subMatch = path.match(/^\/v1\/subscriptions\/([^/]+)$/)
      if (subMatch) {
        const sub = subscriptions.get(subMatch[1]!)
        if (!sub) return error(404, `No such subscription: '${subMatch[1]}'`)
        if (req.method === 'POST') {
          if (body.cancel_at_period_end !== undefined) sub.cancel_at_period_end = body.cancel_at_period_end === 'true'
          if (body.metadata) sub.metadata = { ...sub.metadata, ...body.metadata }
        }
        if (req.method === 'DELETE') {
          sub.status = 'canceled'
          sub.canceled_at = now()
          sub.ended_at = now()
        }
        return Response.json(sub)
      }
      if (req.method === 'POST' && path === '/v1/refunds') {
        const refund = { id: rid('re'), object: 'refund', payment_intent: body.payment_intent, amount: body.amount ? Number(body.amount) : null, status: 'succeeded', metadata: body.metadata ?? {}, created: now() }
        refunds.set(refund.id, refund)
        return Response.json(refund)
      }
      return error(404, `Unrecognized request URL (${req.method}: ${path})`)
    },
  })

  const url = `http://127.0.0.1:${server.port}`
  const app = createApp()

  const fake = {
    url,
    requests,
    customers,
    sessions,
    subscriptions,
    refunds,
    /** The next call whose path starts with `path` fails with a Stripe error (400 unless given). */
    failNext(path: string, status = 400, message = 'Simulated Stripe failure') {
      failures.push({ path, status, message })
    },
    /** Requests made to one endpoint, e.g. lastRequest('POST', '/v1/checkout/sessions').body. */
    lastRequest(method: string, path: string) {
      return [...requests].reverse().find((r) => r.method === method && r.path === path) ?? null
    },
    /** A subscription object (stored, so subscriptions.retrieve finds it). Period end defaults to 30 days out. */
    subscription(opts: {
      id?: string
      customer: string
      status?: string
      metadata?: Record<string, string>
      trial_end?: number | null
      current_period_end?: number
      cancel_at_period_end?: boolean
    }) {
      const periodEnd = opts.current_period_end ?? now() + 30 * 86_400
      const sub = {
        id: opts.id ?? rid('sub'),
        object: 'subscription',
        customer: opts.customer,
        status: opts.status ?? 'active',
        metadata: opts.metadata ?? {},
        trial_end: opts.trial_end ?? null,
        cancel_at_period_end: opts.cancel_at_period_end ?? false,
        cancel_at: null,
        canceled_at: null,
        created: now(),
        items: {
          object: 'list',
          data: [{ id: rid('si'), object: 'subscription_item', current_period_end: periodEnd, current_period_start: periodEnd - 30 * 86_400, price: { id: 'price_premium', product: 'prod_premium' } }],
        },
      }
      subscriptions.set(sub.id, sub)
      return sub
    },
    /** An invoice of a subscription (amount 0 = the trial's opening invoice). */
    invoice(opts: { subscription: string; customer: string; amount_paid: number; period_end?: number }) {
      return {
        id: rid('in'),
        object: 'invoice',
        customer: opts.customer,
        amount_paid: opts.amount_paid,
        billing_reason: opts.amount_paid ? 'subscription_cycle' : 'subscription_create',
        parent: { type: 'subscription_details', subscription_details: { subscription: opts.subscription, metadata: {} } },
        lines: { object: 'list', data: [{ id: rid('il'), period: { start: now(), end: opts.period_end ?? now() + 30 * 86_400 } }] },
      }
    },
    /** A webhook event around `object`; `created` (unix seconds) orders events. */
    event(type: string, object: Json, opts: { id?: string; created?: number } = {}) {
      return {
        id: opts.id ?? rid('evt'),
        object: 'event',
        type,
        created: opts.created ?? now(),
        api_version: '2026-10-28.endive',
        livemode: false,
        data: { object: structuredClone(object) },
      }
    },
    /** POSTs a signed event to /api/webhooks/stripe through the app (like Stripe would). */
    async deliver(event: Json, opts: { secret?: string; timestamp?: number; signature?: string } = {}) {
      const payload = JSON.stringify(event)
      const signature = opts.signature ?? (await signWebhook(payload, opts.secret, opts.timestamp))
      const res = await app.request(
        '/api/webhooks/stripe',
        { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload },
        fakeServer('54.187.174.169'),
      )
      const text = await res.text()
      return { status: res.status, json: text ? JSON.parse(text) : null }
    },
    stop() {
      void server.stop(true)
    },
  }
  return fake
}

export type FakeStripe = ReturnType<typeof startFakeStripe>

/** The Stripe-Signature header for a payload (timestamp in unix seconds; defaults to now). */
export function signWebhook(payload: string, secret = FAKE_WEBHOOK_SECRET, timestamp?: number) {
  return Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, timestamp })
}

/**
 * Starts a fake Stripe for the calling test file and configures the server to
 * use it (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL); the
 * previous configuration (offline) is restored after the file.
 */
export function useFakeStripe() {
  const handle = {} as FakeStripe
  const saved = {
    STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: env.STRIPE_API_URL,
  }
  beforeAll(() => {
    Object.assign(handle, startFakeStripe())
    env.STRIPE_SECRET_KEY = FAKE_SECRET_KEY
    env.STRIPE_WEBHOOK_SECRET = FAKE_WEBHOOK_SECRET
    env.STRIPE_API_URL = handle.url
  })
  afterAll(() => {
    Object.assign(env, saved)
    handle.stop?.()
  })
  return handle
}
