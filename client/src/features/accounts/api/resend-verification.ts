import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import type { z } from 'zod'
import type { messageSchema } from '@server/lib/openapi'

export const resendVerification = () => api<z.infer<typeof messageSchema>>('/auth/resend-verification', { method: 'POST' })

export const useResendVerification = () => useMutation({ mutationFn: resendVerification })
