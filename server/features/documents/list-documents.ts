import { inArray } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { profiles } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { writeAudit, type Actor } from '../../lib/audit'
import type { CurrentUser } from '../../types'
import { operatorsWithAccess, referralDocumentAccess, visibleDocuments } from './document-access'
import { documentRows, presentDocument, type DocumentView } from './document-view'

/**
 * GET /api/referrals/:id/documents: the documents of a referral the viewer
 * may see, newest first. The referrer also gets the operators they can share
 * with (for the upload form) and may narrow to one operator's exchange.
 */
export async function listDocuments(db: Executor, opts: { user: CurrentUser; actor: Actor; referralId: string; operatorId?: string }) {
  return transaction(db, async (tx) => {
    const { side } = await referralDocumentAccess(tx, opts.user, opts.referralId, 'read')
    const items: DocumentView[] = []
    for (const r of await documentRows(tx, visibleDocuments(opts.referralId, side, opts.user.id, opts.operatorId))) {
      items.push(await presentDocument(tx, r, side, opts.user))
    }
    let operators: { id: string; name: string }[] = []
    if (side === 'referrer') {
      const ids = await operatorsWithAccess(tx, opts.referralId)
      const found = ids.length
        ? await tx
            .select({ id: profiles.id, first: profiles.first_name, last: profiles.last_name, org: profiles.organization_name })
            .from(profiles)
            .where(inArray(profiles.id, ids))
        : []
      // By name, equal names by id (the query has no order of its own).
      operators = found
        .map((p) => ({ id: p.id, name: p.org?.trim() || `${p.first} ${p.last}`.trim() }))
        .sort((a, b) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    }
    if (side === 'admin') {
      await writeAudit(tx, opts.actor, { action: 'documents.list_for_dispute', resource_type: 'referral', resource_id: opts.referralId })
    }
    return { items, my_role: side, can_upload: side !== 'admin', operators }
  })
}
