import { and, eq, isNull } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { account_tokens } from '../../db/schema'
import { AppError } from '../../errors'
import { clock } from '../../lib/clock'
import { generateSessionToken, hashToken } from './session'

type Purpose = 'password_reset' | 'email_verification'

/** A single-use token for a link in an e-mail; only its SHA-256 is stored. */
export function createAccountToken(tx: Executor, userId: string, purpose: Purpose, ttlMs: number) {
  // A new link replaces the previous unused ones.
  tx.delete(account_tokens)
    .where(and(eq(account_tokens.user_id, userId), eq(account_tokens.purpose, purpose), isNull(account_tokens.used_at)))
    .run()
  const token = generateSessionToken()
  tx.insert(account_tokens)
    .values({ id: hashToken(token), user_id: userId, purpose, expires_at: new Date(clock.ms() + ttlMs) })
    .run()
  return token
}

/** Marks the token used and returns its user; refuses unknown, used or expired tokens. */
export function consumeAccountToken(tx: Executor, token: string, purpose: Purpose, invalidMessage: string) {
  const row = tx.select().from(account_tokens).where(eq(account_tokens.id, hashToken(token))).get()
  if (!row || row.purpose !== purpose || row.used_at || row.expires_at.getTime() <= clock.ms()) {
    throw new AppError('invalid_token', 400, invalidMessage)
  }
  tx.update(account_tokens).set({ used_at: clock.now() }).where(eq(account_tokens.id, row.id)).run()
  return row.user_id
}
