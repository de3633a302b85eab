import { and, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { forUpdate } from '../../db/dialect'
import { payout_details, payouts, profiles, users } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { conflict, notFound } from '../../errors'
import { writeAudit, type Actor } from '../../lib/audit'
import { clock } from '../../lib/clock'
import { money } from '../../lib/money'
import { enqueueEmail } from '../../mail/outbox'
import { recipientLocale } from '../../mail/recipient'
import { mailDay, PAYOUT_DETAILS_PATH, PAYOUT_METHOD_WORDS, templates } from '../../mail/templates'
import { notify } from '../notifications'
import { payoutView } from './payout-state'
import type { RecordPayoutInput } from './payouts.schemas'


/**
 * An admin records that an owed payout was paid: how, on which day, with which
 * reference. One unit of work: the payout's row is locked first, so of two
 * admins (or twenty clicks) one records it and the others get the 409; the
 * audit row, the referrer's notification and her e-mail go with it or not at all.
 */
export async function recordPayout(db: Executor, opts: { payoutId: string; input: RecordPayoutInput; actor: Actor }) {
  const { payoutId, input, actor } = opts
  return transaction(db, async (tx) => {
    const [payout] = await forUpdate(tx.select().from(payouts).where(eq(payouts.id, payoutId)).limit(1))
    if (!payout) throw notFound('payouts.payoutNotFound')
    if (payout.status === 'paid') throw conflict('payout_paid', 'payouts.alreadyPaid')
    const [paid] = await tx
      .update(payouts)
      .set({ status: 'paid', paid_at: clock.now(), paid_on: input.paid_on, method: input.method, reference: input.reference, recorded_by: actor.id })
      .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'owed')))
      .returning()
    if (!paid) throw conflict('payout_paid', 'payouts.alreadyPaid')

    await writeAudit(tx, actor, {
      action: 'payout.recorded',
      resource_type: 'payout',
      resource_id: paid.id,
      details: { referral_id: paid.referral_id, amount_cents: paid.amount_cents, method: input.method, paid_on: input.paid_on, reference: input.reference },
    })
    const mail = { amount_cents: paid.amount_cents, paid_on: input.paid_on, method: input.method, reference: input.reference }
    if (paid.referrer_user_id) {
      const [person] = await tx
        .select({ email: users.email, deleted_at: users.deleted_at, first: profiles.first_name, last: profiles.last_name })
        .from(users)
        .leftJoin(profiles, eq(profiles.id, users.id))
        .where(eq(users.id, paid.referrer_user_id))
        .limit(1)
      if (person && !person.deleted_at) {
        await enqueueEmail(tx, {
          to: person.email,
          referral_id: paid.referral_id,
          ...templates.payoutPaid({ ...mail, name: [person.first, person.last].filter(Boolean).join(' ') }, await recipientLocale(tx, paid.referrer_user_id)),
        })
        await notify(tx, paid.referrer_user_id, {
          type: 'payout_paid',
          title: 'Referral fee paid',
          body: `We paid your referral fee of ${money(paid.amount_cents)} on ${mailDay(input.paid_on)} by ${PAYOUT_METHOD_WORDS[input.method]}. Reference: ${input.reference}.`,
          link: PAYOUT_DETAILS_PATH,
        })
      }
    }
    const [details] = paid.referrer_user_id
      ? await tx.select({ method: payout_details.method }).from(payout_details).where(eq(payout_details.user_id, paid.referrer_user_id)).limit(1)
      : []
    return { message: `Payout of ${money(paid.amount_cents)} recorded as paid`, payout: payoutView(paid, !!details) }
  })
}

