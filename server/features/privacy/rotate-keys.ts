import { eq, getTableColumns, isNotNull } from 'drizzle-orm'
import { db } from '../../db/client'
import { referrals, users } from '../../db/schema'
import { addKey, decrypt, encrypt } from '../../lib/crypto'
import { writeAudit, type Actor } from '../../lib/audit'

/** The referral columns sealed at rest (the `sealed` custom columns of the schema). */
export const SEALED_REFERRAL_COLUMNS = Object.entries(getTableColumns(referrals))
  .filter(([, column]) => column.columnType === 'SQLiteCustomColumn')
  .map(([name]) => name as keyof typeof referrals.$inferSelect)

/**
 * `homeward keys rotate`: makes a new key current and re-seals every
 * encrypted value with it (care data, two-factor secrets) in one transaction.
 * Old keys stay in the key ring so backups made before still open.
 */
export function rotateKeys(actor: Actor, extra: Array<() => number> = []) {
  const keyId = addKey()
  const counts = db.transaction((tx) => {
    let referralsResealed = 0
    // Reading decrypts with whichever key sealed the row; writing seals with the new one.
    for (const row of tx.select().from(referrals).all()) {
      const values = Object.fromEntries(SEALED_REFERRAL_COLUMNS.map((c) => [c, row[c]]))
      tx.update(referrals).set(values).where(eq(referrals.id, row.id)).run()
      referralsResealed++
    }
    let secrets = 0
    for (const user of tx.select({ id: users.id, totp_secret: users.totp_secret }).from(users).where(isNotNull(users.totp_secret)).all()) {
      tx.update(users).set({ totp_secret: encrypt(decrypt(user.totp_secret!)) }).where(eq(users.id, user.id)).run()
      secrets++
    }
    writeAudit(tx, actor, { action: 'keys_rotated', resource_type: 'key', resource_id: keyId, details: { referrals: referralsResealed, two_factor_secrets: secrets } })
    return { referrals: referralsResealed, two_factor_secrets: secrets }
  })
  const files = extra.reduce((n, reseal) => n + reseal(), 0)
  return { key_id: keyId, ...counts, files }
}
