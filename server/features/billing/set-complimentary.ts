import { and, eq, isNull } from 'drizzle-orm'
import type { Executor, Tx } from '../../db/client'
import { forUpdate } from '../../db/dialect'
import { operator_subscriptions, user_roles, users } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { invalid, notFound } from '../../errors'
import { writeAudit, type Actor } from '../../lib/audit'
import { clock } from '../../lib/clock'
import { emailLayout } from '../../mail/layout'
import { enqueueEmail } from '../../mail/outbox'
import { notify } from '../notifications'
import { ensureSubscriptionRow } from './subscription-fulfilment'
import { keyed } from '../../i18n/keyed'
import { recipientLocale } from '../../mail/recipient'
import { translate } from '../../i18n'

/**
 * Grants or revokes complimentary Premium by e-mail (admin dashboard and
 * `homeward premium grant|revoke`). Audited; the user is told by e-mail and
 * in the app. Idempotent: granting twice keeps the first grant's date.
 * The account and its grant are read in the transaction that writes (the CLI
 * may grant beside the server: BEGIN IMMEDIATE makes one wait for the other).
 *
 * Premium is an operator's plan, so only an operator can be granted it: an
 * account with the operator role, or with no role yet (a new account acts as
 * an operator, ADR 001). A referrer or an admin-only account is refused with
 * a 422 naming the account; revoking stays open to anyone, so a grant made
 * before this rule can still be taken back.
 */
export async function setComplimentary(db: Executor, input: { email: string; grant: boolean }, actor: Actor) {
  const email = input.email.trim().toLowerCase()
  await transaction(db, async (tx) => {
    const [user] = await forUpdate(
      tx
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(and(eq(users.email, email), isNull(users.deleted_at)))
        .limit(1),
    )
    if (!user) throw notFound(keyed('billing.noAccountWithEmail', { email }))
    if (input.grant && !(await isOperatorAccount(tx, user.id))) {
      const message = keyed('billing.complimentaryForOperators', { email })
      throw invalid(message, { email: message })
    }
    const row = await ensureSubscriptionRow(tx, user.id)
    const changed = row.is_complimentary !== input.grant
    if (changed) {
      await tx
        .update(operator_subscriptions)
        .set(
          input.grant
            ? { is_complimentary: true, granted_at: clock.now(), granted_by: actor.label }
            : { is_complimentary: false, granted_at: null, granted_by: null },
        )
        .where(eq(operator_subscriptions.user_id, user.id))
    }
    await writeAudit(tx, actor, {
      action: input.grant ? 'subscription.complimentary_granted' : 'subscription.complimentary_revoked',
      resource_type: 'subscription',
      resource_id: user.id,
      details: { email: user.email, changed },
    })
    if (!changed) return
    const locale = await recipientLocale(tx, user.id)
    const t = (key: string) => translate(locale, key)!
    const content = emailLayout(
      input.grant
        ? {
            locale,
            subject: t('mail.complimentaryGranted.subject'),
            paragraphs: [t('mail.complimentaryGranted.given'), t('mail.complimentaryGranted.nothingToPay')],
            action: { label: t('mail.common.openDashboard'), path: '/operator-dashboard' },
          }
        : {
            locale,
            subject: t('mail.complimentaryRevoked.subject'),
            paragraphs: [t('mail.complimentaryRevoked.ended'), t('mail.complimentaryRevoked.nothingDeleted')],
            action: { label: t('mail.complimentaryRevoked.action'), path: '/pricing' },
          },
    )
    await enqueueEmail(tx, { to: user.email, type: input.grant ? 'complimentary_granted' : 'complimentary_revoked', ...content })
    await notify(tx, user.id, {
      type: input.grant ? 'complimentary_granted' : 'complimentary_revoked',
      title: input.grant ? 'Complimentary Premium access granted' : 'Complimentary Premium access ended',
      link: input.grant ? '/operator-dashboard' : '/pricing',
    })
  })
  return {
    message: input.grant ? `Premium access granted to ${email}` : `Complimentary access revoked for ${email}`,
  }
}

/** An operator account: the operator role, or no role at all (ADR 001). */
async function isOperatorAccount(tx: Tx, userId: string) {
  const roles = (await tx.select({ role: user_roles.role }).from(user_roles).where(eq(user_roles.user_id, userId))).map((r) => r.role)
  return roles.length === 0 || roles.includes('operator')
}
