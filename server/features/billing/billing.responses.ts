import { z } from 'zod'

/** Response bodies of the billing and payment routes (OpenAPI; the services' return values). */
export const subscriptionCheckoutSchema = z.object({
  url: z.string().describe('Stripe Checkout, or the built-in offline page'),
  session_id: z.string().nullable().describe('Stripe session id; null offline'),
})
export const offlineCheckoutDoneSchema = z.object({ ok: z.literal(true), kind: z.string(), id: z.string() })
export const webhookReceivedSchema = z.object({ received: z.literal(true), duplicate: z.boolean() })
