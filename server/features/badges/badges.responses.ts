import { z } from 'zod'
import { BADGE_KEYS } from './badge-rules'

/** A badge an operator earned from data (badge-rules.ts), with the explanation the tooltip shows. */
export const badgeSchema = z.object({ key: z.enum(BADGE_KEYS), label: z.string(), description: z.string() })
