import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api'

/** The answer is the same whether or not the e-mail exists. */
export const forgotPassword = (email: string) => api<{ message: string }>('/auth/forgot-password', { method: 'POST', body: { email } })

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword })
