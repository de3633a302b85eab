import type { SignInInput, SignUpInput } from '@server/features/auth/auth.schemas'
import { api } from '../../../lib/api'
import type { Me } from './me'

export type SignInResult = Me | { two_factor_required: true }
export const signInRequest = (input: SignInInput) => api<SignInResult>('/auth/sign-in', { method: 'POST', body: input })
export const secondFactorRequest = (input: { code?: string; recovery_code?: string }) =>
  api<Me>('/auth/2fa/verify', { method: 'POST', body: input })
export const signUpRequest = (input: SignUpInput) => api<Me>('/auth/sign-up', { method: 'POST', body: input })
export const signOutRequest = () => api<{ ok: true }>('/auth/sign-out', { method: 'POST' })
