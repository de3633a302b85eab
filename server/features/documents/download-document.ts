import type { Executor } from '../../db/client'
import { transaction } from '../../db/unit-of-work'
import { disclose, discloseToSystem } from '../privacy'
import { notFound } from '../../errors'
import { writeAudit, type Actor } from '../../lib/audit'
import { storedSize } from '../../storage/files'
import type { CurrentUser, SystemCaller } from '../../types'
import { documentFor } from './document-access'

/**
 * GET /api/documents/:id/download: checks access and records the disclosure
 * (who fetched which document, from where; admins also in the audit log),
 * then hands the route the file to stream as an attachment.
 */
export async function downloadDocument(db: Executor, opts: { user: CurrentUser; actor: Actor; documentId: string; system?: SystemCaller | null }) {
  return transaction(db, async (tx) => {
    const { document, referral, side } = await documentFor(tx, opts.user, opts.documentId, 'read')
    // A registered system reads its own account's referrals only, and what it reads is disclosed to it (ADR 042).
    if (opts.system && side !== 'referrer') throw notFound('documents.documentNotFound')
    if (opts.system) await discloseToSystem(tx, { id: document.referral_id }, opts.system, `document:${document.id}`)
    if ((await storedSize(document.storage_key)) === null) throw notFound('documents.documentFileMissing')
    // Its own uploader reads back what they wrote: no disclosure. Anyone else but the referrer: one.
    if (document.uploaded_by !== opts.user.id) await disclose(tx, { id: document.referral_id, owner: referral.referrer_user_id }, opts.user, `document:${document.id}`)
    if (side === 'admin') {
      await writeAudit(tx, opts.actor, {
        action: 'document.download_for_dispute',
        resource_type: 'referral_document',
        resource_id: document.id,
        details: { referral_id: document.referral_id },
      })
    }
    return { key: document.storage_key, file_name: document.file_name, file_type: document.file_type, file_size: document.file_size }
  })
}
