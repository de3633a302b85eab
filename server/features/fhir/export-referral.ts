import type { Executor } from '../../db/client'
import { transaction } from '../../db/unit-of-work'
import { forbidden, notFound } from '../../errors'
import { writeAudit, type Actor } from '../../lib/audit'
import type { CurrentUser } from '../../types'
import { ADMIN_TWO_FACTOR_MESSAGE } from '../auth'
import { listDocuments } from '../documents'
import { disclose } from '../privacy'
import { findReferral, operatorHasUnmaskedAccess } from '../referrals'
import { referralBundle } from './export-resources'
import { referralStep } from './referral-step'

/**
 * GET /api/referrals/:id/fhir — the referral as a FHIR R4 Bundle, to exactly
 * those who may read it in full: its referrer, an operator who unlocked it or
 * was invited, an admin (through a two-factor session). Everyone else gets
 * 404, as for an unknown id. An export to anyone but the referrer is a
 * disclosure like every other reveal (and audited, like a view).
 */
export function exportReferral(db: Executor, referralId: string, viewer: CurrentUser, actor: Actor, baseUrl: string) {
  return transaction(db, async (tx) => {
    const row = await findReferral(tx, referralId)
    if (!row) throw notFound('Referral not found')
    const owner = row.referrer_user_id === viewer.id
    const role = owner ? 'owner' : viewer.is_admin ? 'admin' : (await operatorHasUnmaskedAccess(tx, row.id, viewer.id)) ? 'operator' : null
    if (!role) throw notFound('Referral not found')
    if (role === 'admin' && !viewer.two_factor_verified) throw forbidden(ADMIN_TWO_FACTOR_MESSAGE, 'two_factor_enrolment_required')
    if (role !== 'owner') {
      await disclose(tx, { id: row.id, owner: row.referrer_user_id }, viewer, 'referral')
      await writeAudit(tx, actor, { action: 'referral.export_fhir', resource_type: 'referral', resource_id: row.id })
    }
    // The documents this viewer may open, each a link to the access-checked download.
    const { items } = await listDocuments(tx, { user: viewer, actor, referralId: row.id })
    const step = await referralStep(tx, row, role === 'operator' ? viewer.id : null)
    return referralBundle(row, items, step, baseUrl)
  })
}
