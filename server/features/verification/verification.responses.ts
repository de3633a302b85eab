import { z } from 'zod'
import { LICENSE_PROOF_STATUSES, LICENSING_TYPES, VERIFICATION_STATUSES } from '../../db/enums'

/** proofColumns (get-my-verification.ts): one license proof, never its storage key. */
export const licenseProofSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  file_type: z.string(),
  file_size: z.number().int(),
  licensing_type: z.enum(LICENSING_TYPES),
  status: z.enum(LICENSE_PROOF_STATUSES),
  reason: z.string().nullable().describe('Why it was not accepted (or revoked)'),
  reviewed_at: z.string().nullable(),
  created_at: z.string(),
})
/** myVerification(): the operator's status and proofs, newest first. */
export const myVerificationSchema = z.object({
  verification_status: z.enum(VERIFICATION_STATUSES),
  licensing_type: z.enum(LICENSING_TYPES),
  proofs: z.array(licenseProofSchema),
})
export const reviewedProofSchema = licenseProofSchema.extend({ operator_id: z.string() })
