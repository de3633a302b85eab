import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { users } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import type { Locale } from '../../i18n'

/** Saves the language a person reads: the API's answers and every e-mail to her follow it, on every device. */
export async function setLanguage(db: Executor, userId: string, language: Locale) {
  await transaction(db, (tx) => tx.update(users).set({ preferred_language: language }).where(eq(users.id, userId)))
}
