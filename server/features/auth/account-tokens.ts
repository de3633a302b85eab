import { and, eq, isNull } from 'drizzle-orm'
import type { Executor, Tx } from '../../db/client'
import { forUpdate } from '../../db/dialect'
import { account_tokens } from '../../db/schema'
import { AppError } from '../../errors'
import { clock } from '../../lib/clock'
import { generateSessionToken, hashToken } from './session'

type Purpose = 'password_reset' | 'email_verification'

/** A single-use token for a link in an e-mail; only its SHA-256 is stored. */
export async function createAccountToken(tx: Tx, userId: string, purpose: Purpose, ttlMs: number) {
  // A new link replaces the previous unused ones.
  await tx
    .delete(account_tokens)
    .where(and(eq(account_tokens.user_id, userId), eq(account_tokens.purpose, purpose), isNull(account_tokens.used_at)))
  const token = generateSessionToken()
  await tx
    .insert(account_tokens)
    .values({ id: hashToken(token), user_id: userId, purpose, expires_at: new Date(clock.ms() + ttlMs) })
  return token
}

/** Marks the token used and returns its user; refuses unknown, used or expired tokens. */
export async function consumeAccountToken(tx: Tx, token: string, purpose: Purpose, invalidMessage: string) {
  const [row] = await forUpdate(tx.select().from(account_tokens).where(eq(account_tokens.id, hashToken(token))).limit(1))
  if (!row || row.purpose !== purpose || row.used_at || row.expires_at.getTime() <= clock.ms()) {
    throw new AppError('invalid_token', 400, invalidMessage)
  }
  await tx.update(account_tokens).set({ used_at: clock.now() }).where(eq(account_tokens.id, row.id))
  return row.user_id
}

/**
 * A token as it stands, without spending it: whether it would be accepted
 * now (`usable`), and whose it is. Unknown or of another purpose: null.
 */
export async function peekAccountToken(db: Executor, token: string, purpose: Purpose) {
  const [row] = await db.select().from(account_tokens).where(eq(account_tokens.id, hashToken(token))).limit(1)
  if (!row || row.purpose !== purpose) return null
  return { userId: row.user_id, used: !!row.used_at, usable: !row.used_at && row.expires_at.getTime() > clock.ms() }
}
