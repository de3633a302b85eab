import { eq, isNotNull } from 'drizzle-orm'
import { db } from '../../db/client'
import { users } from '../../db/schema'
import { resealColumns } from '../../db/seal-columns'
import { addKey, decrypt, encrypt } from '../../lib/crypto'
import { writeAudit, type Actor } from '../../lib/audit'

/**
 * `homeward keys rotate`: makes a new key current and re-seals every
 * encrypted value with it — every sealed column of every table (care data,
 * messages, invitation notes, document names, notifications; db/seal-columns.ts)
 * and two-factor secrets — in one transaction, then the files (`extra`).
 * Old keys stay in the key ring so backups made before still open.
 */
export function rotateKeys(actor: Actor, extra: Array<() => number> = []) {
  const keyId = addKey()
  const counts = db.transaction((tx) => {
    const rows = resealColumns(db.$client, { onlyClear: false })
    let secrets = 0
    for (const user of tx.select({ id: users.id, totp_secret: users.totp_secret }).from(users).where(isNotNull(users.totp_secret)).all()) {
      tx.update(users).set({ totp_secret: encrypt(decrypt(user.totp_secret!)) }).where(eq(users.id, user.id)).run()
      secrets++
    }
    writeAudit(tx, actor, { action: 'keys_rotated', resource_type: 'key', resource_id: keyId, details: { rows, two_factor_secrets: secrets } })
    return { rows, two_factor_secrets: secrets }
  })
  const files = extra.reduce((n, reseal) => n + reseal(), 0)
  return { key_id: keyId, referrals: counts.rows.referrals ?? 0, ...counts, files }
}
