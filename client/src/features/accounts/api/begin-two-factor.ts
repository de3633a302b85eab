import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api'

/** Step 1 of enrolment: a new secret to scan; nothing changes until it is enabled with a first code. */
export const beginTwoFactor = () => api<{ secret: string; otpauth_uri: string }>('/auth/2fa/setup', { method: 'POST' })

export const useBeginTwoFactor = () => useMutation({ mutationFn: beginTwoFactor })
