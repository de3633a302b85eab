import type { Executor } from '../../db/client'
import type { VIEWER_ROLES } from '../../db/enums'
import { transaction } from '../../db/unit-of-work'
import type { Actor } from '../../lib/audit'
import type { CurrentUser } from '../../types'
import { listDisclosures } from '../privacy'
import { authorizeReferralRead } from './authorize-referral-read'
import { fullReferral, matchCounts } from './referral-views'

/**
 * GET /api/referrals/:id — the full referral to its owner, to admins, and to
 * an operator who unlocked it or was invited. Everyone else gets 404, the
 * same answer as for an unknown id, so ids reveal nothing (authorizeReferralRead
 * decides, and accounts for every view by someone other than the owner); the
 * owner also receives that accounting, to see who accessed the client's data.
 */
export function getReferral(db: Executor, referralId: string, viewer: CurrentUser, actor: Actor) {
  return transaction(db, async (tx) => {
    const { row, role } = await authorizeReferralRead(tx, referralId, viewer, actor, 'referral.view')
    const referral = fullReferral(row, (await matchCounts(tx, [row.id])).get(row.id) ?? 0)
    if (role !== 'owner') return { view: 'full' as const, referral }
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
    // A registered system is known by the name it was registered under (ADR 042).
    const system = d.viewer_role === 'system'
    const key = d.viewer_role === 'admin' ? 'admin' : system ? `system:${d.viewer_label}` : (d.viewer_id ?? d.viewer_label)
    const what = d.what.startsWith('document:') ? 'a document' : (WHAT_LABELS[d.what] ?? d.what)
    const group = groups.get(key)
    if (!group) {
      groups.set(key, { viewer: d.viewer_role === 'admin' ? 'Homeward admin' : (d.viewer_name ?? d.viewer_label), viewer_role: d.viewer_role === 'admin' ? 'admin' : system ? 'system' : 'operator', count: 1, what: [what], last_at: d.created_at, first_at: d.created_at })
      continue
    }
    group.count++
    group.first_at = d.created_at // rows come newest first
    if (!group.what.includes(what)) group.what.push(what)
  }
  return [...groups.values()]
}
