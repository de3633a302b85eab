import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { license_proofs } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { notFound } from '../../errors'
import { writeAudit, type Actor } from '../../lib/audit'
import { storedSize } from '../../storage/files'
import type { CurrentUser } from '../../types'

export const PROOF_NOT_FOUND = 'verification.proofNotFound'

/**
 * GET /api/license-proofs/:id/download: the operator who uploaded it, or an
 * admin (audited: who opened whose proof, from where). Anyone else gets a 404,
 * as if it did not exist. Returns the file for the route to open and send
 * as an attachment (storage/sealed-download.ts).
 */
export async function downloadLicenseProof(db: Executor, opts: { user: CurrentUser; actor: Actor; proofId: string }) {
  return transaction(db, async (tx) => {
    const [proof] = await tx.select().from(license_proofs).where(eq(license_proofs.id, opts.proofId)).limit(1)
    const owner = proof?.operator_id === opts.user.id
    // An admin who passed two-factor sign-in (as every admin read of private files needs).
    const admin = opts.user.is_admin && opts.user.two_factor_verified
    if (!proof || (!owner && !admin)) throw notFound(PROOF_NOT_FOUND)
    if ((await storedSize(proof.storage_key)) === null) throw notFound('verification.licenseProofFileMissing')
    if (!owner) {
      await writeAudit(tx, opts.actor, {
        action: 'license_proof.downloaded',
        resource_type: 'license_proof',
        resource_id: proof.id,
        details: { operator_id: proof.operator_id },
      })
    }
    return { key: proof.storage_key, file_name: proof.file_name, file_type: proof.file_type }
  })
}
