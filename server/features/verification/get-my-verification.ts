import { desc, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { license_proofs, profiles } from '../../db/schema'
import { notFound } from '../../errors'

/** A proof as its owner and admins see it: never the storage key (files go through the download route). */
export const proofColumns = {
  id: license_proofs.id,
  file_name: license_proofs.file_name,
  file_type: license_proofs.file_type,
  file_size: license_proofs.file_size,
  licensing_type: license_proofs.licensing_type,
  status: license_proofs.status,
  reason: license_proofs.reason,
  reviewed_at: license_proofs.reviewed_at,
  created_at: license_proofs.created_at,
}

/**
 * GET /api/my/license-proofs: the operator's verification status and their
 * proofs, newest first, with the admin's reason when one was not accepted.
 */
export async function myVerification(db: Executor, userId: string) {
  const [profile] = await db
    .select({ verification_status: profiles.verification_status, licensing_type: profiles.licensing_type })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1)
  if (!profile) throw notFound('errors.profileNotFound')
  const proofs = await db.select(proofColumns).from(license_proofs).where(eq(license_proofs.operator_id, userId)).orderBy(desc(license_proofs.created_at), desc(license_proofs.id))
  return { verification_status: profile.verification_status, licensing_type: profile.licensing_type, proofs }
}

export type MyVerification = Awaited<ReturnType<typeof myVerification>>
