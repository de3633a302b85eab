import { desc, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { disclosures } from '../../db/schema'
import type { CurrentUser } from '../../types'

/**
 * Accounting of disclosures: an append-only row each time a referral's care
 * data (or one of its documents) is shown to someone other than its owner —
 * an operator after unlock or invitation, or an admin. Nothing updates or
 * deletes these rows.
 */
export function recordDisclosure(
  tx: Executor,
  opts: { referralId: string; viewer: CurrentUser; ip: string | null; what: 'referral' | `document:${string}` },
) {
  tx.insert(disclosures)
    .values({
      referral_id: opts.referralId,
      viewer_id: opts.viewer.id,
      viewer_label: opts.viewer.email,
      viewer_role: opts.viewer.is_admin ? 'admin' : 'operator',
      what: opts.what,
      ip_address: opts.ip,
    })
    .run()
}

/** Who has accessed this client's data, newest first (the referrer's Overview tab). */
export function listDisclosures(tx: Executor, referralId: string) {
  return tx
    .select({
      viewer_label: disclosures.viewer_label,
      viewer_role: disclosures.viewer_role,
      what: disclosures.what,
      ip_address: disclosures.ip_address,
      created_at: disclosures.created_at,
    })
    .from(disclosures)
    .where(eq(disclosures.referral_id, referralId))
    .orderBy(desc(disclosures.created_at))
    .limit(200)
    .all()
}
