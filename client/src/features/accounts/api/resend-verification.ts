import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api'

export const resendVerification = () => api<{ message: string }>('/auth/resend-verification', { method: 'POST' })

export const useResendVerification = () => useMutation({ mutationFn: resendVerification })
