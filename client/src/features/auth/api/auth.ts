import type { SignInInput, SignUpInput } from '../../../../../server/features/auth/auth.schemas'
import { api } from '../../../lib/api'
import type { Me } from './me'

export const signInRequest = (input: SignInInput) => api<Me>('/auth/sign-in', { method: 'POST', body: input })
export const signUpRequest = (input: SignUpInput) => api<Me>('/auth/sign-up', { method: 'POST', body: input })
export const signOutRequest = () => api<{ ok: true }>('/auth/sign-out', { method: 'POST' })
