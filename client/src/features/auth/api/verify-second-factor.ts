import { api } from '../../../lib/api'
import type { Me } from './me'

export type SecondFactorInput = { code?: string; recovery_code?: string }

/** The code from the authenticator app, or a recovery code, after a sign-in that asked for it. */
export const verifySecondFactor = (input: SecondFactorInput) => api<Me>('/auth/2fa/verify', { method: 'POST', body: input })
