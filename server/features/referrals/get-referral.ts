import { forbidden, notFound } from '../../errors'
import type { Executor } from '../../db/client'
import type { VIEWER_ROLES } from '../../db/enums'
import { transaction } from '../../db/unit-of-work'
import { writeAudit, type Actor } from '../../lib/audit'
import type { CurrentUser } from '../../types'
import { ADMIN_TWO_FACTOR_MESSAGE } from '../auth'
import { operatorHasUnmaskedAccess } from './referral-access'
import { disclose, listDisclosures } from '../privacy'
import { findReferral, fullReferral, matchCounts } from './referral-views'

/**
 * GET /api/referrals/:id — the full referral to its owner, to admins, and to
 * an operator who unlocked it or was invited. Everyone else gets 404, the
 * same answer as for an unknown id, so ids reveal nothing. Every view by
 * someone other than the owner is accounted for (disclosure and audit row);
 * the owner also receives that accounting, to see who accessed the client's data.
 */
export function getReferral(db: Executor, referralId: string, viewer: CurrentUser, actor: Actor) {
  return transaction(db, async (tx) => {
    const row = await findReferral(tx, referralId)
    if (!row) throw notFound('Referral not found')
    const owner = row.referrer_user_id === viewer.id
    const role = owner ? 'owner' : viewer.is_admin ? 'admin' : (await operatorHasUnmaskedAccess(tx, row.id, viewer.id)) ? 'operator' : null
    if (!role) throw notFound('Referral not found')
    // Care data reaches admins only through a two-factor session, like every admin call.
    if (role === 'admin' && !viewer.two_factor_verified) throw forbidden(ADMIN_TWO_FACTOR_MESSAGE, 'two_factor_enrolment_required')
    const referral = fullReferral(row, (await matchCounts(tx, [row.id])).get(row.id) ?? 0)
    if (role !== 'owner') {
      await disclose(tx, { id: row.id, owner: row.referrer_user_id }, viewer, 'referral')
      await writeAudit(tx, actor, { action: 'referral.view', resource_type: 'referral', resource_id: row.id })
      return { view: 'full' as const, referral }
    }
    return { view: 'full' as const, referral, access_log: accessLogByViewer(await listDisclosures(tx, row.id)) }
  })
}

const WHAT_LABELS: Record<string, string> = { referral: 'the referral', conversation: 'the conversation', messages: 'messages', documents: 'document list', invitation: 'the invitation note' }

/**
 * The referrer's accounting, grouped by viewer, most recent first. Operators
 * are named as the referrer knows them, by their organization's name (else
 * their own), never by a login e-mail; staff and network addresses are not named.
 */
function accessLogByViewer(rows: Awaited<ReturnType<typeof listDisclosures>>) {
  const groups = new Map<string, { viewer: string; viewer_role: (typeof VIEWER_ROLES)[number]; count: number; what: string[]; last_at: Date; first_at: Date }>()
  for (const d of rows) {
    const key = d.viewer_role === 'admin' ? 'admin' : (d.viewer_id ?? d.viewer_label)
    const what = d.what.startsWith('document:') ? 'a document' : (WHAT_LABELS[d.what] ?? d.what)
    const group = groups.get(key)
    if (!group) {
      groups.set(key, { viewer: d.viewer_role === 'admin' ? 'Homeward admin' : (d.viewer_name ?? d.viewer_label), viewer_role: d.viewer_role === 'admin' ? 'admin' : 'operator', count: 1, what: [what], last_at: d.created_at, first_at: d.created_at })
      continue
    }
    group.count++
    group.first_at = d.created_at // rows come newest first
    if (!group.what.includes(what)) group.what.push(what)
  }
  return [...groups.values()]
}
