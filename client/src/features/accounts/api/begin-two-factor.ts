import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import type { z } from 'zod'
import type { twoFactorSetupSchema } from '@server/features/accounts/accounts.responses'

/** Step 1 of enrolment: a new secret to scan; nothing changes until it is enabled with a first code. */
export const beginTwoFactor = () => api<z.infer<typeof twoFactorSetupSchema>>('/auth/2fa/setup', { method: 'POST' })

export const useBeginTwoFactor = () => useMutation({ mutationFn: beginTwoFactor })
