import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Executor, Tx } from '../../db/client'
import { forUpdate } from '../../db/dialect'
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
 * Read in the caller's unit of work: its status decides the answer's write.
 */
async function ownInvitation(tx: Tx, invitationId: string, operatorId: string) {
  const [row] = await forUpdate(tx.select().from(invitations).where(eq(invitations.id, invitationId)).limit(1))
  if (row?.operator_id === operatorId) return row
  if (row) {
    const [referral] = await tx.select({ id: referrals.referrer_user_id }).from(referrals).where(eq(referrals.id, row.referral_id)).limit(1)
    if (referral?.id === operatorId || (await isAdmin(tx, operatorId))) throw forbidden('invitations.onlyInvitedOperatorAnswerInvitation')
  }
  throw notFound('invitations.invitationNotFound')
}

/**
 * POST /api/invitations/:id/accept: the invited operator says yes;
 * the referrer sees "Accepted" on the referral and is notified. Accepting
 * twice is not an error; accepting after declining is (409).
 */
export async function acceptInvitation(db: Executor, opts: { invitationId: string; operatorId: string; actor: Actor }) {
  return transaction(db, async (tx) => {
    const invitation = await ownInvitation(tx, opts.invitationId, opts.operatorId)
    if (invitation.status === 'accepted') return { status: 'accepted' as const }
    const [referral] = await forUpdate(
      tx.select({ status: referrals.status, owner: referrals.referrer_user_id }).from(referrals).where(eq(referrals.id, invitation.referral_id)).limit(1),
    )
    if (!referral || !(ACTIVE_REFERRAL_STATUSES as readonly string[]).includes(referral.status)) {
      throw conflict('referral_closed', 'invitations.referralClosedInvitationNoLonger')
    }
    const [updated] = await tx
      .update(invitations)
      .set({ status: 'accepted', responded_at: clock.now() })
      .where(and(eq(invitations.id, invitation.id), eq(invitations.status, 'pending')))
      .returning({ id: invitations.id })
    if (!updated) throw conflict('invitation_declined', 'invitations.alreadyDeclinedInvitation')
    await writeAudit(tx, opts.actor, { action: 'invitation.accept', resource_type: 'referral', resource_id: invitation.referral_id, details: { invitation_id: invitation.id } })
    if (referral.owner) {
      await notify(tx, referral.owner, {
        type: 'invitation_accepted',
        title: 'An operator accepted your invitation',
        body: `${(await displayName(tx, opts.operatorId)).name} accepted your invitation. You can message them from My Referrals.`,
        link: '/referrer-dashboard',
      })
    }
    return { status: 'accepted' as const }
  })
}

/**
 * POST /api/invitations/:id/decline: the same "Not a fit" as a matched home
 * (one reason list, optional note), recorded against the invitation.
 */
export async function declineInvitation(db: Executor, opts: { invitationId: string; operatorId: string; input: z.output<typeof declineSchema>; actor: Actor }) {
  return transaction(db, async (tx) => {
    const invitation = await ownInvitation(tx, opts.invitationId, opts.operatorId)
    if (invitation.status === 'declined') throw conflict('already_declined', 'invitations.alreadyDeclinedInvitation')
    // Joins this unit of work: the decline is decided and written in one transaction.
    await declineReferral(tx, { referralId: invitation.referral_id, operatorId: opts.operatorId, input: opts.input, actor: opts.actor })
    return { status: 'declined' as const }
  })
}
