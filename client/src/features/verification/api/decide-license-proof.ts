import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { LicenseDecisionInput } from '@server/features/verification/verification.schemas'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { reviewedProofSchema } from '@server/features/verification/verification.responses'

/** An admin verifies a license proof, or rejects / revokes it with a reason the operator reads. */
export const decideLicenseProof = ({ id, ...body }: { id: string } & LicenseDecisionInput) =>
  api<z.infer<typeof reviewedProofSchema>>(`/admin/license-proofs/${encodeURIComponent(id)}/decision`, { method: 'POST', body })

/** The decision shows in the admin Operators tab; returned, so the mutation stays pending until the tab is up to date. */
export function useDecideLicenseProof() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: decideLicenseProof, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.operators }) })
}
