import type { Tx } from '../../db/client'
import { forbidden, notFound } from '../../errors'
import { writeAudit, type Actor } from '../../lib/audit'
import type { CurrentUser, SystemCaller } from '../../types'
import { ADMIN_TWO_FACTOR_MESSAGE } from '../auth'
import { disclose, discloseToSystem } from '../privacy'
import { operatorHasUnmaskedAccess } from './referral-access'
import { findReferral } from './referral-views'

export type ReferralReadRole = 'owner' | 'admin' | 'operator'

/**
 * The one decision of who may read a referral in full, and its accounting:
 * its referrer, an admin (through a two-factor session, like every admin call)
 * and an operator who unlocked it or was invited. Everyone else gets 404, the
 * same answer as for an unknown id, so ids reveal nothing. A read by anyone but
 * the referrer records a disclosure the referrer sees and an audit row (`action`
 * names the way it was read: a view, an export). Every full read — the browser's,
 * the FHIR export — goes through here, inside the caller's transaction, so the
 * record and what was read are one unit.
 *
 * A registered system (`system`, ADR 038/042) reads as its referrer account, and only that account's
 * own referrals: what it reads leaves for the system's organization, so each read records a
 * disclosure naming it, which the referrer sees like any other.
 */
export async function authorizeReferralRead(
  tx: Tx,
  referralId: string,
  viewer: CurrentUser,
  actor: Actor,
  action: 'referral.view' | 'referral.export_fhir',
  system?: SystemCaller | null,
) {
  const row = await findReferral(tx, referralId)
  if (!row) throw notFound('errors.referralNotFound')
  const owner = row.referrer_user_id === viewer.id
  const role: ReferralReadRole | null = owner ? 'owner' : viewer.is_admin ? 'admin' : (await operatorHasUnmaskedAccess(tx, row.id, viewer.id)) ? 'operator' : null
  if (!role || (system && role !== 'owner')) throw notFound('errors.referralNotFound')
  if (role === 'admin' && !viewer.two_factor_verified) throw forbidden(ADMIN_TWO_FACTOR_MESSAGE, 'two_factor_enrolment_required')
  if (role !== 'owner') {
    await disclose(tx, { id: row.id, owner: row.referrer_user_id }, viewer, 'referral')
    await writeAudit(tx, actor, { action, resource_type: 'referral', resource_id: row.id })
  }
  if (system) await discloseToSystem(tx, row, system, 'referral')
  return { row, role }
}
