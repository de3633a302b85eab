import { forbidden, notFound } from '../../errors'
import { db } from '../../db/client'
import { writeAudit, type Actor } from '../../lib/audit'
import type { CurrentUser } from '../../types'
import { ADMIN_TWO_FACTOR_MESSAGE } from '../auth/auth.middleware'
import { operatorHasUnmaskedAccess } from '../marketplace/visibility'
import { listDisclosures, recordDisclosure } from '../privacy/disclosures'
import { findReferral, fullReferral, matchCounts } from './referral-views'

/**
 * GET /api/referrals/:id — the full referral to its owner, to admins, and to
 * an operator who unlocked it or was invited. Everyone else gets 404, the
 * same answer as for an unknown id, so ids reveal nothing. Every view by
 * someone other than the owner is accounted for (disclosure and audit row);
 * the owner also receives that accounting, to see who accessed the client's data.
 */
export function getReferral(referralId: string, viewer: CurrentUser, actor: Actor) {
  return db.transaction((tx) => {
    const row = findReferral(tx, referralId)
    if (!row) throw notFound('Referral not found')
    const owner = row.referrer_user_id === viewer.id
    const role = owner ? 'owner' : viewer.is_admin ? 'admin' : operatorHasUnmaskedAccess(tx, row.id, viewer.id) ? 'operator' : null
    if (!role) throw notFound('Referral not found')
    // Care data reaches admins only through a two-factor session, like every admin call.
    if (role === 'admin' && !viewer.two_factor_verified) throw forbidden(ADMIN_TWO_FACTOR_MESSAGE, 'two_factor_enrolment_required')
    const referral = fullReferral(row, matchCounts(tx, [row.id]).get(row.id) ?? 0)
    if (role !== 'owner') {
      recordDisclosure(tx, { referralId: row.id, viewer, ip: actor.ip ?? null, what: 'referral' })
      writeAudit(tx, actor, { action: 'referral.view', resource_type: 'referral', resource_id: row.id })
      return { view: 'full' as const, referral }
    }
    // Operators are named (the referrer deals with them); staff and network addresses are not.
    const accessLog = listDisclosures(tx, row.id).map((d) => ({
      viewer: d.viewer_role === 'admin' ? 'Homeward admin' : d.viewer_label,
      viewer_role: d.viewer_role,
      what: d.what,
      created_at: d.created_at,
    }))
    return { view: 'full' as const, referral, access_log: accessLog }
  })
}
