import { eq } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { users } from '../db/schema'
import { isLocale, type Locale } from '../i18n'

/**
 * The language an e-mail to `userId` is written in: the recipient's saved
 * language, never the language of the request that caused it (an English
 * operator's action sends a Spanish family Spanish mail; ADR 037). English
 * for no account (a referral whose referrer has none).
 */
export async function recipientLocale(db: Executor, userId: string | null | undefined): Promise<Locale> {
  if (!userId) return 'en'
  const [row] = await db.select({ language: users.preferred_language }).from(users).where(eq(users.id, userId)).limit(1)
  return isLocale(row?.language) ? row.language : 'en'
}
