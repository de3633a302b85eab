import { sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import type { REFERRAL_STATUSES } from '../../db/enums'
import { openSealed } from '../../db/schema'
import { rows } from '../../db/raw'
import { transaction } from '../../db/unit-of-work'
import { disclose, type Viewer } from '../privacy'
import { displayName } from '../properties'
import { DECLINE_REASON_LABELS, type DeclineReason } from '../referrals'

type Row = {
  id: string
  referral_id: string
  referrer_user_id: string | null
  status: 'pending' | 'accepted' | 'declined'
  message: string | null
  created_at: number
  responded_at: number | null
  referral_status: (typeof REFERRAL_STATUSES)[number]
  client_age: number | null
  client_gender: string
  preferred_state: string
  preferred_cities: string
  inviter_first: string | null
  inviter_last: string | null
  inviter_org: string | null
  decline_reason: DeclineReason | null
}

const iso = (ms: number | null) => (ms == null ? null : new Date(ms).toISOString())

/**
 * GET /api/my/invitations: the signed-in operator's invitations,
 * pending first, then newest. Only what a masked card shows of the client
 * (age, gender, where): the full referral opens through the usual, audited view.
 * A unit of work: showing a referrer's sealed note records a disclosure.
 */
export function listMyInvitations(db: Executor, viewer: Viewer) {
  const operatorId = viewer.id
  return transaction(db, async (tx) => {
    const found = await rows<Row>(
      tx,
      sql`SELECT i.id, i.referral_id, i.status, i.message, i.created_at, i.responded_at, r.referrer_user_id,
       r.status AS referral_status, r.client_age, r.client_gender, r.preferred_state, r.preferred_cities,
       pr.first_name AS inviter_first, pr.last_name AS inviter_last, pr.organization_name AS inviter_org,
       d.reason AS decline_reason
     FROM invitations i JOIN referrals r ON r.id = i.referral_id
     LEFT JOIN profiles pr ON pr.id = i.invited_by
     LEFT JOIN referral_declines d ON d.referral_id = i.referral_id AND d.operator_id = i.operator_id
     WHERE i.operator_id = ${operatorId}
     ORDER BY i.status = 'pending' DESC, i.created_at DESC, i.id`,
    )
    // The referrer's note is sealed at rest; reading it is a disclosure like any sealed field.
    const shown: Row[] = []
    const items = found.map((r) => {
      const message = r.message === null ? null : openSealed<string>(r.message)
      if (message !== null) shown.push(r)
      return {
        id: r.id,
        referral_id: r.referral_id,
        status: r.status,
        message,
        created_at: new Date(r.created_at).toISOString(),
        responded_at: iso(r.responded_at),
        referral_status: r.referral_status,
        client_age: r.client_age,
        client_gender: r.client_gender,
        preferred_state: r.preferred_state,
        preferred_cities: JSON.parse(r.preferred_cities) as string[],
        inviter_name: r.inviter_first != null ? displayName({ organization_name: r.inviter_org, first_name: r.inviter_first, last_name: r.inviter_last ?? '' }) : 'A referrer',
        decline_reason: r.decline_reason,
        decline_reason_label: r.decline_reason ? DECLINE_REASON_LABELS[r.decline_reason] : null,
      }
    })
    for (const r of shown) await disclose(tx, { id: r.referral_id, owner: r.referrer_user_id }, viewer, 'invitation')
    return items
  })
}
