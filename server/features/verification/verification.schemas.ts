import { z } from 'zod'

/**
 * License verification (the Verified badge). Shared by the server
 * and the forms (operator dashboard, admin Operators tab). Pure: safe for the client.
 */
export const MAX_LICENSE_PROOF_BYTES = 10 * 1024 * 1024
export const LICENSE_PROOF_ACCEPT = '.pdf,.jpg,.jpeg,.png'
export const NO_LICENSE_FILE = 'errors.noFileSelected'
export const LICENSE_FILE_TOO_LARGE = 'errors.fileTooLarge'
export const LICENSE_FILE_TYPE = 'validation.verification.licenseFileType'
export const ONLY_OPERATORS_UPLOAD = 'validation.verification.onlyOperatorsUpload'
export const ALREADY_VERIFIED = 'validation.verification.alreadyVerified'
export const REJECT_REASON_REQUIRED = 'Please give the operator a reason'
export const REASON_MAX = 500

export const VERIFICATION_STATUS_LABELS: Record<string, string> = {
  unverified: 'Not verified',
  pending: 'Awaiting review',
  verified: 'Verified',
  rejected: 'Not accepted',
}

/**
 * POST /api/admin/license-proofs/:id/decision. A rejection needs a reason
 * (the operator reads it); verifying may carry a note.
 */
export const licenseDecisionSchema = z
  .object({
    decision: z.enum(['verified', 'rejected'], { error: 'Choose Verify or Reject' }),
    reason: z
      .string({ error: 'Reason must be text' })
      .trim()
      .max(REASON_MAX, `Reason must be ${REASON_MAX} characters or less`)
      .optional()
      .transform((v) => v || null),
  })
  .superRefine((v, ctx) => {
    if (v.decision === 'rejected' && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: REJECT_REASON_REQUIRED })
  })

export type LicenseDecisionInput = z.input<typeof licenseDecisionSchema>
