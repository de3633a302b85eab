import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { myVerificationSchema } from '@server/features/verification/verification.responses'

export type Verification = z.infer<typeof myVerificationSchema>
export type LicenseProof = Verification['proofs'][number]

/** GET /api/my/license-proofs: the operator's verification status and proofs. */
export const myVerificationQuery = queryOptions({
  // Under the dashboard's key: a profile change (licensing type) refetches it too.
  queryKey: queryKeys.dashboard.licenseVerification,
  queryFn: () => api<Verification>('/my/license-proofs'),
})

/** The access-checked download (the operator's own proof, or any for an admin: audited). */
export const licenseProofUrl = (id: string) => `/api/license-proofs/${encodeURIComponent(id)}/download`
