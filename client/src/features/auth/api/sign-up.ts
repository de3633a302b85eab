import type { SignUpInput } from '@server/features/auth/auth.schemas'
import { api } from '../../../lib/api'
import type { Me } from './me'

export const signUp = (input: SignUpInput) => api<Me>('/auth/sign-up', { method: 'POST', body: input })
