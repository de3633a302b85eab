import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import type { z } from 'zod'
import type { accountDeletedSchema } from '@server/features/accounts/accounts.responses'

/** DELETE /api/me with the password again; the caller signs out, which clears the cache. */
export const deleteAccount = (password: string) => api<z.infer<typeof accountDeletedSchema>>('/me', { method: 'DELETE', body: { password } })

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount })
