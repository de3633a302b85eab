import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api'

/** DELETE /api/me with the password again; the caller signs out, which clears the cache. */
export const deleteAccount = (password: string) => api<{ ok: true; message: string }>('/me', { method: 'DELETE', body: { password } })

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount })
