import { and, eq, ne } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { forUpdate } from '../../db/dialect'
import { transaction } from '../../db/unit-of-work'
import { license_proofs, profiles } from '../../db/schema'
import { conflict, forbidden, notFound } from '../../errors'
import { writeAudit, type Actor } from '../../lib/audit'
import { clock } from '../../lib/clock'
import { notify } from '../notifications'
import { PROOF_NOT_FOUND } from './download-license-proof'
import { proofColumns } from './get-my-verification'

export const ALREADY_REVIEWED = 'verification.alreadyReviewed'
export const SUPERSEDED = 'verification.superseded'

/**
 * POST /api/admin/license-proofs/:id/decision {decision, reason} (admins only,
 * audited). Verifying a waiting proof makes the operator Verified (and, when
 * they are licensed, State Licensed); rejecting it, with a reason the operator
 * reads, makes them Not accepted. A verified proof may later be rejected
 * (revoked, with a reason). The operator gets an in-app notification.
 */
export async function reviewLicenseProof(
  db: Executor,
  opts: { admin: { id: string }; actor: Actor; proofId: string; decision: 'verified' | 'rejected'; reason: string | null },
) {
  await transaction(db, async (tx) => {
    const [proof] = await forUpdate(tx.select().from(license_proofs).where(eq(license_proofs.id, opts.proofId)).limit(1))
    if (!proof) throw notFound(PROOF_NOT_FOUND)
    if (proof.operator_id === opts.admin.id) throw forbidden('verification.adminsCannotReviewTheirOwn')
    if (proof.status === 'superseded') throw conflict('proof_superseded', SUPERSEDED)
    const allowed = proof.status === 'pending' || (proof.status === 'verified' && opts.decision === 'rejected')
    if (!allowed) throw conflict('already_reviewed', ALREADY_REVIEWED)
    const changed = await tx
      .update(license_proofs)
      .set({ status: opts.decision, reason: opts.reason, reviewed_by: opts.admin.id, reviewed_at: clock.now() })
      // Only from the status read above: a concurrent decision wins once.
      .where(and(eq(license_proofs.id, proof.id), eq(license_proofs.status, proof.status), ne(license_proofs.status, opts.decision)))
      .returning({ id: license_proofs.id })
    if (changed.length === 0) throw conflict('already_reviewed', ALREADY_REVIEWED)
    await tx.update(profiles).set({ verification_status: opts.decision }).where(eq(profiles.id, proof.operator_id))
    await writeAudit(tx, opts.actor, {
      action: opts.decision === 'verified' ? 'license_proof.verified' : proof.status === 'verified' ? 'license_proof.revoked' : 'license_proof.rejected',
      resource_type: 'license_proof',
      resource_id: proof.id,
      details: { operator_id: proof.operator_id, reason: opts.reason },
    })
    await notify(tx, proof.operator_id, {
      type: 'license_verification',
      title: opts.decision === 'verified' ? 'Your license is verified' : 'Your license proof was not accepted',
      body: opts.reason ?? undefined,
      link: '/operator-dashboard?tab=profile',
    })
  })
  const [reviewed] = await db.select({ ...proofColumns, operator_id: license_proofs.operator_id }).from(license_proofs).where(eq(license_proofs.id, opts.proofId)).limit(1)
  return reviewed!
}
