import { eq, isNotNull } from 'drizzle-orm'
import { connOf, type Executor, type Tx } from '../../db/client'
import { users } from '../../db/schema'
import { resealColumns } from '../../db/seal-columns'
import { transaction } from '../../db/unit-of-work'
import { addKey, decrypt, encrypt } from '../../lib/crypto'
import { writeAudit, type Actor } from '../../lib/audit'

/**
 * `homeward keys rotate`: makes a new key current and re-seals every
 * encrypted value with it — every sealed column of every table (care data,
 * messages, invitation notes, document names, notifications; db/seal-columns.ts)
 * and two-factor secrets — in one transaction, then the files (`extra`, each
 * in a unit of work of its own once the first has committed).
 * Old keys stay in the key ring so backups made before still open.
 */
export async function rotateKeys(db: Executor, actor: Actor, extra: Array<(tx: Tx) => Promise<number>> = []) {
  const keyId = addKey()
  const counts = await transaction(db, async (tx) => {
    // resealColumns runs raw SQL on the transaction's own connection: its statements belong to this unit of work.
    const rows = await resealColumns(connOf(tx), { onlyClear: false })
    let secrets = 0
    for (const user of await tx.select({ id: users.id, totp_secret: users.totp_secret }).from(users).where(isNotNull(users.totp_secret))) {
      await tx.update(users).set({ totp_secret: encrypt(decrypt(user.totp_secret!)) }).where(eq(users.id, user.id))
      secrets++
    }
    await writeAudit(tx, actor, { action: 'keys_rotated', resource_type: 'key', resource_id: keyId, details: { rows, two_factor_secrets: secrets } })
    return { rows, two_factor_secrets: secrets }
  })
  let files = 0
  for (const reseal of extra) files += await transaction(db, reseal)
  return { key_id: keyId, referrals: counts.rows.referrals ?? 0, ...counts, files }
}
