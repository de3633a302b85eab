/**
 * Test-only rows for the admin, reviews and CLI tests, inserted directly
 * (the owning areas' APIs are exercised by their own tests).
 */
import { eq } from 'drizzle-orm'
import { db } from '../../test/setup'
import { outbox, properties, referral_payments, referrals } from '../../db/schema'
import { clock, HOUR } from '../../lib/clock'

let n = 0

export async function insertProperty(operatorId: string, overrides: Partial<typeof properties.$inferInsert> = {}) {
  n++
  return db
    .insert(properties)
    .values({
      operator_id: operatorId,
      name: `Test Home ${n}`,
      address: `${n} Main Street`,
      city: 'Austin',
      state: 'TX',
      zip_code: '78704',
      total_beds: 4,
      available_beds: 2,
      created_at: new Date(clock.ms() + n),
      ...overrides,
    })
    .returning()
    .get()
}

export async function insertReferral(overrides: Partial<typeof referrals.$inferInsert> = {}) {
  n++
  return db
    .insert(referrals)
    .values({
      referrer_name: 'Dana Whitfield',
      referrer_relationship: 'case-manager',
      referrer_email: `referrer${n}@test.local`,
      referrer_phone: '(555) 010-0100',
      client_first_name: 'Eleanor',
      client_last_name: 'Price',
      client_dob: '1948-03-14',
      client_gender: 'female',
      preferred_state: 'TX',
      budget_range: '$3,000-$4,000',
      created_at: new Date(clock.ms() + n),
      ...overrides,
    })
    .returning()
    .get()
}

export async function insertHeldPayment(opts: { referralId: string; operatorId: string; amount_cents?: number; holdHours?: number; paidHoursAgo?: number }) {
  const paid = clock.ms() - (opts.paidHoursAgo ?? 1) * HOUR
  return db
    .insert(referral_payments)
    .values({
      referral_id: opts.referralId,
      operator_id: opts.operatorId,
      amount_cents: opts.amount_cents ?? 20000,
      status: 'held_in_escrow',
      provider: 'offline',
      paid_at: new Date(paid),
      escrow_hold_until: new Date(clock.ms() + (opts.holdHours ?? 72) * HOUR),
    })
    .returning()
    .get()
}

/** The review link's token from the latest review-request e-mail of a referral. */
export async function reviewTokenFromOutbox(referralId: string) {
  const rows = await db.select().from(outbox).where(eq(outbox.referral_id, referralId)).all()
  const mail = rows.filter((r) => r.type === 'review_request').sort((a, b) => a.created_at.getTime() - b.created_at.getTime()).at(-1)
  const match = mail?.text_body.match(/\/review\/([^?\s]+)\?token=([a-z0-9]+)/)
  if (!match) throw new Error('No review request e-mail')
  return { referralId: decodeURIComponent(match[1]!), token: match[2]! }
}
