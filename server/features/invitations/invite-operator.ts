import { eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Executor } from '../../db/client'
import { forUpdate } from '../../db/dialect'
import { transaction } from '../../db/unit-of-work'
import { invitations, profiles, referrals } from '../../db/schema'
import { conflict, forbidden, invalid, notFound, premiumRequired } from '../../errors'
import { isAdmin } from '../auth'
import { operatorHasUnmaskedAccess, ACTIVE_REFERRAL_STATUSES, touchTask } from '../referrals'
import { writeAudit, type Actor } from '../../lib/audit'
import { clock } from '../../lib/clock'
import { emailLayout } from '../../mail/layout'
import { enqueueEmail } from '../../mail/outbox'
import { openConversation } from '../messaging'
import { notify } from '../notifications'
import { IS_OPERATOR_SQL } from '../operators'
import { premiumSql } from '../billing'
import { row } from '../../db/raw'
import { displayName } from '../properties'
import type { invitationSchema } from './invitations.schemas'
import { recipientLocale } from '../../mail/recipient'
import { translate, type Values } from '../../i18n'

type Invitee = { id: string; email: string; first_name: string; last_name: string; organization_name: string | null; premium: number }

/**
 * A referrer invites a premium operator to one of their own active referrals.
 * The invitation lets that operator see the referral
 * unmasked and opens their conversation with the referrer; both, the in-app
 * notification and the e-mail commit together. Inviting twice is not an
 * error: the answer says `existing: true`.
 */
export async function inviteOperator(db: Executor, input: z.output<typeof invitationSchema>, actor: Actor & { id: string }) {
  const existing = await transaction(db, async (tx) => {
    const [referral] = await forUpdate(
      tx
        .select({ id: referrals.id, owner: referrals.referrer_user_id, status: referrals.status })
        .from(referrals)
        .where(eq(referrals.id, input.referral_id))
        .limit(1),
    )
    // Someone else's referral is indistinguishable from a missing one — unless the
    // caller may read it (admins, operators who unlocked or were invited): then 403.
    if (!referral) throw notFound('errors.referralNotFound')
    if (referral.owner !== actor.id) {
      if ((await isAdmin(tx, actor.id)) || (await operatorHasUnmaskedAccess(tx, referral.id, actor.id))) {
        throw forbidden('invitations.onlyReferrerInviteOperatorsReferral')
      }
      throw notFound('errors.referralNotFound')
    }
    if (!(ACTIVE_REFERRAL_STATUSES as readonly string[]).includes(referral.status)) {
      throw conflict('referral_inactive', 'invitations.onlyActiveReferralsPendingMatched')
    }
    const operator = await row<Invitee>(
      tx,
      sql`SELECT pr.id, pr.email, pr.first_name, pr.last_name, pr.organization_name, ${premiumSql('pr.id', clock.ms())} AS premium
       FROM profiles pr JOIN users u ON u.id = pr.id AND u.deleted_at IS NULL
       WHERE pr.id = ${input.operator_id} AND ${sql.raw(IS_OPERATOR_SQL('pr.id'))}`,
    )
    if (!operator) throw notFound('invitations.operatorNotFound')
    if (operator.id === actor.id) throw invalid('invitations.cannotInviteYourself', { operator_id: 'invitations.cannotInviteYourself'})
    if (!operator.premium) throw premiumRequired('invitations.onlyPremiumOperatorsInvitedReferral')

    const [inviter] = await tx.select().from(profiles).where(eq(profiles.id, actor.id)).limit(1)
    const inviterName = inviter ? displayName(inviter) : 'A referrer'
    const [created] = await tx
      .insert(invitations)
      .values({ referral_id: referral.id, operator_id: operator.id, invited_by: actor.id, message: input.message })
      .onConflictDoNothing()
      .returning({ id: invitations.id })
    if (!created) return true
    await touchTask(tx, referral.id)
    const conversation = await openConversation(tx, { referral_id: referral.id, operator_id: operator.id, opened_by: 'invitation' })
    await writeAudit(tx, actor, {
      action: 'referral.invite_operator',
      resource_type: 'referral',
      resource_id: referral.id,
      details: { operator_id: operator.id, invitation_id: created.id },
    })
    // The e-mail carries no referral details: the operator reads them signed in.
    const locale = await recipientLocale(tx, operator.id)
    const t = (key: string, values?: Values) => translate(locale, key, values)!
    const mail = emailLayout({
      locale,
      subject: t('mail.operatorInvited.subject'),
      greeting: t('mail.layout.helloName', { name: displayName(operator) }),
      paragraphs: [t('mail.operatorInvited.invited', { inviter: inviter ? inviterName : t('mail.operatorInvited.aReferrer') }), t('mail.operatorInvited.canView')],
      action: { label: t('mail.invitation.action'), path: '/operator-dashboard?tab=messages' },
    })
    await enqueueEmail(tx, { to: operator.email, type: 'operator_invited', referral_id: referral.id, ...mail })
    await notify(tx, operator.id, {
      type: 'referral_invitation',
      title: 'New referral invitation',
      // Ids and neutral text only: the note is sealed and read on the dashboard (ADR 013).
      body: input.message ? `${inviterName} invited you to a referral and added a note.` : `${inviterName} invited you to a referral.`,
      link: `/operator-dashboard?tab=messages&conversation=${conversation.id}`,
    })
    return false
  })
  return { existing }
}
