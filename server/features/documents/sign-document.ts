import { and, eq } from 'drizzle-orm'
import { profiles, referral_documents } from '../../db/schema'
import type { Executor } from '../../db/client'
import { transaction } from '../../db/unit-of-work'
import { conflict, forbidden } from '../../errors'
import { clock } from '../../lib/clock'
import { hub } from '../../realtime/hub'
import type { CurrentUser } from '../../types'
import { notify } from '../notifications'
import { documentAudience, documentFor } from './document-access'
import { documentRows, presentDocument } from './document-view'

/**
 * POST /api/documents/:id/sign: the other party marks a document that needs a
 * signature as signed (signed_at, signed_by). Once only, never undone: a
 * second attempt is a 409, decided by the UPDATE itself so two racing
 * requests cannot both sign.
 */
export async function signDocument(db: Executor, opts: { user: CurrentUser; documentId: string }) {
  return transaction(db, async (tx) => {
    const { document, referral, side } = await documentFor(tx, opts.user, opts.documentId, 'write')
    if (!document.requires_signature) throw conflict('signature_not_required', 'documents.documentDoesNotNeedSignature')
    if (document.is_signed) throw conflict('already_signed', 'documents.documentAlreadySigned')
    if (document.uploader_role === side) throw forbidden('documents.onlyOtherPartySignDocument')
    const [signed] = await tx
      .update(referral_documents)
      .set({ is_signed: true, signed_at: clock.now(), signed_by: opts.user.id })
      .where(and(eq(referral_documents.id, document.id), eq(referral_documents.is_signed, false)))
      .returning({ id: referral_documents.id })
    if (!signed) throw conflict('already_signed', 'documents.documentAlreadySigned')
    const audience = await documentAudience(tx, referral.referrer_user_id, document.referral_id, document.operator_id)
    await hub.publish(tx, audience, 'document.signed', { referral_id: document.referral_id, document_id: document.id, operator_id: document.operator_id })
    if (document.uploaded_by && document.uploaded_by !== opts.user.id) {
      const [signer] = await tx.select({ first: profiles.first_name, last: profiles.last_name }).from(profiles).where(eq(profiles.id, opts.user.id)).limit(1)
      await notify(tx, document.uploaded_by, {
        type: 'document',
        title: 'Document signed',
        body: `${`${signer?.first ?? ''} ${signer?.last ?? ''}`.trim() || 'Someone'} signed a document.`,
        link:
          document.uploader_role === 'operator'
            ? `/operator-dashboard?tab=documents&referral=${document.referral_id}`
            : `/referrer-dashboard?referral=${document.referral_id}&tab=documents`,
      })
    }
    const [row] = await documentRows(tx, eq(referral_documents.id, document.id))
    return presentDocument(tx, row!, side, opts.user)
  })
}
