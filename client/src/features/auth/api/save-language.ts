import { api } from '../../../lib/api'
import type { z } from 'zod'
import type { okSchema } from '@server/lib/openapi'
import type { Locale } from '@server/i18n/catalog'

/** Saves the language the signed-in person reads: the API's answers and her e-mail follow it (ADR 037). */
export const saveLanguage = (language: Locale) => api<z.infer<typeof okSchema>>('/me/language', { method: 'PUT', body: { language } })
