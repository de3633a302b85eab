import { and, eq, isNull } from 'drizzle-orm'
import type { Executor, Tx } from '../../db/client'
import { forUpdate } from '../../db/dialect'
import { bed_confirmation_links, properties, users } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { AppError, conflict, notFound } from '../../errors'
import { clock, DAY } from '../../lib/clock'
import { enqueueEmail } from '../../mail/outbox'
import { templates } from '../../mail/templates'
import { generateSessionToken, hashToken } from '../auth'
import { confirmBedsOf } from './confirm-beds'
import type { ConfirmBeds } from './properties.schemas'
import { recipientLocale } from '../../mail/recipient'

/** The e-mailed link works once and for 7 days. */
export const BED_LINK_DAYS = 7

type LinkedHome = { id: string; name: string; operator_id: string; available_beds: number; total_beds: number }

/** Creates a single-use link for one property (only the token's hash is stored) and returns its token. Call inside the caller's transaction. */
async function createBedLink(tx: Tx, p: LinkedHome) {
  const token = generateSessionToken()
  await tx
    .insert(bed_confirmation_links)
    .values({ property_id: p.id, operator_id: p.operator_id, token_hash: hashToken(token), expires_at: new Date(clock.ms() + BED_LINK_DAYS * DAY) })
  return token
}

/**
 * Creates a single-use link for each of one operator's homes and e-mails them
 * all in one message (an operator with 29 homes gets one e-mail, not 29).
 * Call inside the caller's transaction. Returns the tokens, in the homes' order.
 */
export async function sendBedConfirmations(tx: Tx, homes: LinkedHome[], operator: { email: string; first_name: string | null }) {
  const tokens: string[] = []
  for (const p of homes) tokens.push(await createBedLink(tx, p))
  await enqueueEmail(tx, {
    to: operator.email,
    ...templates.bedsConfirmation({
      operator_name: operator.first_name ?? '',
      homes: homes.map((p, i) => ({ property_name: p.name, available_beds: p.available_beds, total_beds: p.total_beds, token: tokens[i]! })),
      days: BED_LINK_DAYS,
    }, await recipientLocale(tx, homes[0]?.operator_id)),
  })
  return tokens
}

/** One home's link, e-mailed on its own. */
export async function sendBedConfirmation(tx: Tx, p: LinkedHome, operator: { email: string; first_name: string | null }) {
  const [token] = await sendBedConfirmations(tx, [p], operator)
  return token!
}

/**
 * The link's property, if the link may still be used: known, unused,
 * unexpired, and its property still exists and belongs to the same account.
 * Each failure has its own status and message, which the page shows as is.
 * Handed a transaction's `tx`, the answers decide its write (forUpdate).
 */
async function checkLink(tx: Executor, token: string) {
  const [link] = await forUpdate(tx.select().from(bed_confirmation_links).where(eq(bed_confirmation_links.token_hash, hashToken(token))).limit(1))
  if (!link) throw notFound('properties.confirmationLinkNotValidSign')
  if (link.used_at) throw conflict('link_used', 'properties.confirmationLinkAlreadyUsedSign')
  if (link.expires_at.getTime() <= clock.ms()) {
    throw new AppError('link_expired', 410, 'properties.confirmationLinkExpiredSignConfirm')
  }
  const [found] = await forUpdate(
    tx
      .select()
      .from(properties)
      .innerJoin(users, eq(users.id, properties.operator_id))
      .where(and(eq(properties.id, link.property_id), eq(properties.operator_id, link.operator_id), isNull(users.deleted_at)))
      .limit(1),
  )
  const property = found?.properties
  if (!property) throw notFound('properties.confirmationLinkNotValidSign')
  return { link, property }
}

const summary = (p: typeof properties.$inferSelect) => ({
  id: p.id,
  name: p.name,
  city: p.city,
  state: p.state,
  total_beds: p.total_beds,
  available_beds: p.available_beds,
  beds_confirmed_at: p.beds_confirmed_at?.toISOString() ?? null,
})

/** GET /api/bed-confirmations/:token: what the page shows before the click. */
export async function getBedConfirmation(db: Executor, token: string) {
  const { link, property } = await checkLink(db, token)
  return { property: summary(property), expires_at: link.expires_at.toISOString() }
}

/**
 * POST /api/bed-confirmations/:token: confirms (or updates) the count without
 * signing in. Marking the link used is a conditional UPDATE in the same
 * transaction, so two clicks racing confirm once and the second is told.
 */
export async function useBedConfirmation(db: Executor, token: string, input: ConfirmBeds) {
  return transaction(db, async (tx) => {
    const { link, property } = await checkLink(tx, token)
    const [used] = await tx
      .update(bed_confirmation_links)
      .set({ used_at: clock.now() })
      .where(and(eq(bed_confirmation_links.id, link.id), isNull(bed_confirmation_links.used_at)))
      .returning({ id: bed_confirmation_links.id })
    if (!used) throw conflict('link_used', 'properties.confirmationLinkAlreadyUsedSign')
    return { property: summary(await confirmBedsOf(tx, property, input)) }
  })
}
