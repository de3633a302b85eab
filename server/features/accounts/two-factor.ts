import { decodeBase64, encodeBase32UpperCaseNoPadding, encodeBase64 } from '@oslojs/encoding'
import { createTOTPKeyURI, generateHOTP, verifyHOTP } from '@oslojs/otp'
import { and, eq, isNull } from 'drizzle-orm'
import type { Executor, Tx } from '../../db/client'
import { forUpdate } from '../../db/dialect'
import { recovery_codes, sessions, users } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { AppError, conflict, invalid } from '../../errors'
import { clock, MINUTE } from '../../lib/clock'
import { decrypt, encrypt } from '../../lib/crypto'
import { keepOnFailure, limiter, tryAgainIn } from '../../lib/rate-limit'
import type { CurrentUser } from '../../types'
import { generateSessionToken, hashToken, isAdmin, verifyPassword } from '../auth'

/**
 * TOTP two-factor sign-in (RFC 6238, 30 s, 6 digits) with @oslojs/otp. The
 * counter comes from the server clock, one step of drift either way is
 * accepted. The secret is encrypted at rest; recovery codes are stored hashed
 * and work once.
 */
const PERIOD = 30
const DIGITS = 6
export const RECOVERY_CODE_COUNT = 10
export const INVALID_CODE = 'accounts.invalidCode'
/** Wrong codes (and wrong passwords when turning it off): 5 per account in 15 minutes, taken before checking. */
const failures = limiter('two-factor-failures', 5, 15 * MINUTE, tryAgainIn('accounts.tooManyInvalidCodes'))
const wrongCode = (error: unknown) => error instanceof AppError && (error.key === INVALID_CODE || error.code === 'invalid_credentials')

const secretOf = (stored: string) => decodeBase64(decrypt(stored))

export function totpMatches(key: Uint8Array, code: string, atMs = clock.ms()) {
  if (!/^\d{6}$/.test(code)) return false
  const counter = BigInt(Math.floor(atMs / 1000 / PERIOD))
  return [-1n, 0n, 1n].some((d) => verifyHOTP(key, counter + d, DIGITS, code))
}

/** The code an authenticator shows at a moment (tests and the demo). */
export const totpCode = (key: Uint8Array, atMs = clock.ms()) => generateHOTP(key, BigInt(Math.floor(atMs / 1000 / PERIOD)), DIGITS)

export async function beginEnrolment(db: Executor, user: CurrentUser) {
  return transaction(db, async (tx) => {
    const row = (await forUpdate(tx.select().from(users).where(eq(users.id, user.id)).limit(1)))[0]!
    if (row.totp_enabled_at) throw conflict('two_factor_enabled', 'accounts.twoFactorAuthenticationAlreadyEnabled')
    const key = crypto.getRandomValues(new Uint8Array(20))
    await tx.update(users).set({ totp_secret: encrypt(encodeBase64(key)) }).where(eq(users.id, user.id))
    return { secret: encodeBase32UpperCaseNoPadding(key), otpauth_uri: createTOTPKeyURI('Homeward', user.email, key, PERIOD, DIGITS) }
  })
}

async function newRecoveryCodes(tx: Tx, userId: string) {
  await tx.delete(recovery_codes).where(eq(recovery_codes.user_id, userId))
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = generateSessionToken().slice(0, 10)
    return `${raw.slice(0, 5)}-${raw.slice(5)}`
  })
  await tx.insert(recovery_codes).values(codes.map((code) => ({ user_id: userId, code_hash: hashToken(code) })))
  return codes
}

/** Confirms enrolment with a first code; returns the 10 recovery codes, shown once. */
export async function confirmEnrolment(db: Executor, user: CurrentUser, code: string) {
  return keepOnFailure(failures.reserve(db, user.id), wrongCode, () => transaction(db, async (tx) => {
    const row = (await forUpdate(tx.select().from(users).where(eq(users.id, user.id)).limit(1)))[0]!
    if (row.totp_enabled_at) throw conflict('two_factor_enabled', 'accounts.twoFactorAuthenticationAlreadyEnabled')
    if (!row.totp_secret) throw invalid('accounts.startSetUpFirst', { code: 'accounts.startSetUpFirst'})
    if (!totpMatches(secretOf(row.totp_secret), code.trim())) throw invalid(INVALID_CODE, { code: INVALID_CODE })
    await tx.update(users).set({ totp_enabled_at: clock.now() }).where(eq(users.id, user.id))
    await tx.update(sessions).set({ two_factor_verified: true }).where(eq(sessions.id, user.session_id))
    return { recovery_codes: await newRecoveryCodes(tx, user.id) }
  }))
}

/** Second step of sign-in: a TOTP code or a one-time recovery code. */
export async function verifySecondFactor(db: Executor, pending: { userId: string; sessionId: string }, input: { code?: string; recovery_code?: string }) {
  return keepOnFailure(failures.reserve(db, pending.userId), wrongCode, () => transaction(db, async (tx) => {
    const row = (await forUpdate(tx.select().from(users).where(eq(users.id, pending.userId)).limit(1)))[0]!
    let ok = false
    if (input.code && row.totp_secret) ok = totpMatches(secretOf(row.totp_secret), input.code.trim())
    else if (input.recovery_code) {
      const [hit] = await forUpdate(
        tx
          .select()
          .from(recovery_codes)
          .where(and(eq(recovery_codes.user_id, row.id), eq(recovery_codes.code_hash, hashToken(input.recovery_code.trim().toLowerCase())), isNull(recovery_codes.used_at)))
          .limit(1),
      )
      if (hit) {
        await tx.update(recovery_codes).set({ used_at: clock.now() }).where(eq(recovery_codes.id, hit.id))
        ok = true
      }
    }
    if (!ok) throw new AppError('invalid_code', 401, INVALID_CODE)
    await tx.update(sessions).set({ two_factor_verified: true }).where(eq(sessions.id, pending.sessionId))
    return row
  }))
}

/**
 * Turns two-factor off with the password and a current code. Admins must keep it.
 * The password is verified outside any transaction (an async hash); the unit of
 * work reads the account again before it writes.
 */
export async function disableTwoFactor(db: Executor, user: CurrentUser, password: string, code: string) {
  if (user.is_admin) throw new AppError('two_factor_required', 403, 'accounts.twoFactorAuthenticationRequiredAdmin')
  const row = (await db.select().from(users).where(eq(users.id, user.id)).limit(1))[0]!
  if (!row.totp_enabled_at || !row.totp_secret) throw conflict('two_factor_disabled', 'accounts.twoFactorAuthenticationNotEnabled')
  const secret = row.totp_secret
  await keepOnFailure(failures.reserve(db, user.id), wrongCode, async () => {
    const passwordOk = await verifyPassword(password, row.password_hash)
    if (!passwordOk || !totpMatches(secretOf(secret), code.trim())) throw new AppError('invalid_credentials', 401, 'accounts.invalidPasswordVerificationCode')
  })
  await transaction(db, async (tx) => {
    const current = (await forUpdate(tx.select().from(users).where(eq(users.id, user.id)).limit(1)))[0]!
    if (await isAdmin(tx, user.id)) throw new AppError('two_factor_required', 403, 'accounts.twoFactorAuthenticationRequiredAdmin')
    if (!current.totp_enabled_at) throw conflict('two_factor_disabled', 'accounts.twoFactorAuthenticationNotEnabled')
    // The password changed while it was being checked: the one checked no longer counts.
    if (current.password_hash !== row.password_hash) throw new AppError('invalid_credentials', 401, 'accounts.invalidPasswordVerificationCode')
    await tx.update(users).set({ totp_secret: null, totp_enabled_at: null }).where(eq(users.id, user.id))
    await tx.delete(recovery_codes).where(eq(recovery_codes.user_id, user.id))
  })
  return { disabled: true as const }
}

export async function twoFactorEnabled(db: Executor, userId: string) {
  const [row] = await db.select({ at: users.totp_enabled_at }).from(users).where(eq(users.id, userId)).limit(1)
  return !!row?.at
}

/** Seeds a known secret (demo admin, tests). */
export async function enableWithSecret(tx: Tx, userId: string, key: Uint8Array) {
  await tx.update(users).set({ totp_secret: encrypt(encodeBase64(key)), totp_enabled_at: clock.now() }).where(eq(users.id, userId))
}
