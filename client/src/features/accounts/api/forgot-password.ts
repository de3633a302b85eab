import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import type { z } from 'zod'
import type { messageSchema } from '@server/lib/openapi'

/** The answer is the same whether or not the e-mail exists. */
export const forgotPassword = (email: string) => api<z.infer<typeof messageSchema>>('/auth/forgot-password', { method: 'POST', body: { email } })

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword })
