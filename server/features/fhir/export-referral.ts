import type { Executor } from '../../db/client'
import { transaction } from '../../db/unit-of-work'
import type { Actor } from '../../lib/audit'
import type { CurrentUser } from '../../types'
import { listDocuments } from '../documents'
import { authorizeReferralRead } from '../referrals'
import { referralBundle } from './export-resources'
import { referralStep } from './referral-step'
import { registerReferralIds } from './rest/referral-resources'

/**
 * GET /api/referrals/:id/fhir — the referral as a FHIR R4 Bundle, to exactly
 * those who may read it in full: its referrer, an operator who unlocked it or
 * was invited, an admin (through a two-factor session). Everyone else gets
 * 404, as for an unknown id. An export to anyone but the referrer is a
 * disclosure like every other reveal (and audited, like a view): the referrals
 * area's authorizeReferralRead decides and records, as for the browser's read.
 */
export function exportReferral(db: Executor, referralId: string, viewer: CurrentUser, actor: Actor, baseUrl: string) {
  return transaction(db, async (tx) => {
    const { row, role } = await authorizeReferralRead(tx, referralId, viewer, actor, 'referral.export_fhir')
    // The documents this viewer may open, each a link to the access-checked download.
    const { items } = await listDocuments(tx, { user: viewer, actor, referralId: row.id })
    // Its links (each document's Binary) answer a later read by id.
    await registerReferralIds(tx, row.id, items)
    const step = await referralStep(tx, row, role === 'operator' ? viewer.id : null)
    return referralBundle(row, items, step, baseUrl)
  })
}
