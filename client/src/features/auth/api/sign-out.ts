import { api } from '../../../lib/api'
import type { z } from 'zod'
import type { okSchema } from '@server/lib/openapi'

export const signOut = () => api<z.infer<typeof okSchema>>('/auth/sign-out', { method: 'POST' })
