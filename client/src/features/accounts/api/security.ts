import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import type { Me } from '../../auth/api/me'

export type SessionItem = { id: string; device: string; ip_address: string | null; last_seen_at: string; created_at: string; current: boolean }

export const sessionsQuery = queryOptions({
  queryKey: ['auth', 'sessions'],
  queryFn: () => api<{ items: SessionItem[] }>('/auth/sessions'),
})

export const forgotPassword = (email: string) => api<{ message: string }>('/auth/forgot-password', { method: 'POST', body: { email } })
export const resetPassword = (token: string, password: string) =>
  api<Me | { two_factor_required: true }>('/auth/reset-password', { method: 'POST', body: { token, password } })
export const verifyEmail = (token: string) => api<{ verified: true }>('/auth/verify-email', { method: 'POST', body: { token } })
export const resendVerification = () => api<{ message: string }>('/auth/resend-verification', { method: 'POST' })
export const beginTwoFactor = () => api<{ secret: string; otpauth_uri: string }>('/auth/2fa/setup', { method: 'POST' })
export const enableTwoFactor = (code: string) => api<{ recovery_codes: string[] }>('/auth/2fa/enable', { method: 'POST', body: { code } })
export const disableTwoFactor = (password: string, code: string) =>
  api<{ disabled: true }>('/auth/2fa/disable', { method: 'POST', body: { password, code } })
export const revokeOtherSessions = () => api<{ ok: true }>('/auth/sessions/revoke-others', { method: 'POST' })
