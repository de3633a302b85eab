import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import { db } from '../../db/client'
import { transaction } from '../../db/unit-of-work'
import { invitations, referrals } from '../../db/schema'
import { conflict, forbidden, notFound } from '../../errors'
import { isAdmin } from '../auth'
import { writeAudit, type Actor } from '../../lib/audit'
import { clock } from '../../lib/clock'
import { declineReferral, displayName } from '../marketplace'
import { notify } from '../notifications'
import { type declineSchema, ACTIVE_REFERRAL_STATUSES } from '../referrals'

/**
 * The invitation, if it was sent to this operator. The referrer who sent it
 * and admins may know it exists (403); to anyone else it does not (404).
 */
function ownInvitation(invitationId: string, operatorId: string) {
  const row = db.select().from(invitations).where(eq(invitations.id, invitationId)).get()
  if (row?.operator_id === operatorId) return row
  if (row) {
    const owner = db.select({ id: referrals.referrer_user_id }).from(referrals).where(eq(referrals.id, row.referral_id)).get()?.id
    if (owner === operatorId || isAdmin(operatorId)) throw forbidden('Only the invited operator can answer this invitation')
  }
  throw notFound('Invitation not found')
}

/**
 * POST /api/invitations/:id/accept (issue 15): the invited operator says yes;
 * the referrer sees "Accepted" on the referral and is notified. Accepting
 * twice is not an error; accepting after declining is (409).
 */
export async function acceptInvitation(opts: { invitationId: string; operatorId: string; actor: Actor }) {
  const invitation = ownInvitation(opts.invitationId, opts.operatorId)
  if (invitation.status === 'accepted') return { status: 'accepted' as const }
  await transaction((tx) => {
    const status = tx.select({ status: referrals.status }).from(referrals).where(eq(referrals.id, invitation.referral_id)).get()?.status
    if (!status || !(ACTIVE_REFERRAL_STATUSES as readonly string[]).includes(status)) {
      throw conflict('referral_closed', 'This referral is closed: the invitation can no longer be answered')
    }
    const updated = tx
      .update(invitations)
      .set({ status: 'accepted', responded_at: clock.now() })
      .where(and(eq(invitations.id, invitation.id), eq(invitations.status, 'pending')))
      .returning({ id: invitations.id })
      .get()
    if (!updated) throw conflict('invitation_declined', 'You have already declined this invitation')
    writeAudit(tx, opts.actor, { action: 'invitation.accept', resource_type: 'referral', resource_id: invitation.referral_id, details: { invitation_id: invitation.id } })
    const referral = tx.select({ owner: referrals.referrer_user_id }).from(referrals).where(eq(referrals.id, invitation.referral_id)).get()
    if (!referral?.owner) return
    notify(tx, referral.owner, {
      type: 'invitation_accepted',
      title: 'An operator accepted your invitation',
      body: `${displayName(tx, opts.operatorId).name} accepted your invitation. You can message them from My Referrals.`,
      link: '/referrer-dashboard',
    })
  })
  return { status: 'accepted' as const }
}

/**
 * POST /api/invitations/:id/decline: the same "Not a fit" as a matched home
 * (one reason list, optional note), recorded against the invitation.
 */
export async function declineInvitation(opts: { invitationId: string; operatorId: string; input: z.output<typeof declineSchema>; actor: Actor }) {
  const invitation = ownInvitation(opts.invitationId, opts.operatorId)
  if (invitation.status === 'declined') throw conflict('already_declined', 'You have already declined this invitation')
  await declineReferral({ referralId: invitation.referral_id, operatorId: opts.operatorId, input: opts.input, actor: opts.actor })
  return { status: 'declined' as const }
}
