import type { Tx } from '../../db/client'
import type { referrals } from '../../db/schema'
import { disclose, type Viewer } from '../privacy'

/**
 * What an operator receives about a referral.
 *
 * The masked card is built from an allow-list, never by deleting fields from
 * the row: a column added to `referrals` later stays private until someone
 * decides to show it. Masked: initials only, age (never the birth date), and
 * none of the medical, psychiatric, substance, legal, income, contact or
 * emergency fields. Unlocked adds the names and the medical needs to the
 * card; the full record is `referralDetail`. Every unmasking presenter takes
 * the viewer and records the disclosure itself (privacy/disclosures.ts).
 */
export type ReferralRow = typeof referrals.$inferSelect

/** "Eleanor" → "E***": the first letter of each name, then asterisks (length not revealed). */
export const maskName = (name: string | null | undefined) => {
  const initial = (name ?? '').trim().charAt(0).toUpperCase()
  return `${initial}***`
}

/** Whole years between a yyyy-MM-dd birth date and `at` (UTC); null when unreadable. */
export function ageFrom(dob: string | null | undefined, at: Date): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dob ?? '')
  if (!m) return null
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  let age = at.getUTCFullYear() - y
  if (at.getUTCMonth() + 1 < mo || (at.getUTCMonth() + 1 === mo && at.getUTCDate() < d)) age--
  return age >= 0 && age < 150 ? age : null
}

/** Age now from the birth date; the age stored at submission when the date is unreadable. */
export const clientAge = (row: ReferralRow, now: Date) => ageFrom(row.client_dob, now) ?? row.client_age ?? null

export type MaskedCard = {
  id: string
  visibility_level: 'masked'
  unlocked: false
  client_name: string
  client_first_name: string
  client_last_name: string
  client_gender: string
  client_age: number | null
  preferred_state: string
  preferred_cities: string[]
  budget_range: string
  /** Care extras: not identifying, shown before unlock so operators can judge the fit. */
  level_of_care: ReferralRow['level_of_care']
  funding_source: ReferralRow['funding_source']
  timeline: ReferralRow['timeline']
  is_urgent: boolean
  interested_operators_count: number
  status: ReferralRow['status']
  created_at: string
}

export type UnlockedCard = Omit<MaskedCard, 'visibility_level' | 'unlocked'> & {
  visibility_level: 'unlocked'
  unlocked: true
  client_medical_conditions: string | null
}

export type ReferralCard = MaskedCard | UnlockedCard

export function maskedCard(row: ReferralRow, now: Date): MaskedCard {
  const first = maskName(row.client_first_name)
  const last = maskName(row.client_last_name)
  return {
    id: row.id,
    visibility_level: 'masked',
    unlocked: false,
    client_name: `${first} ${last}`,
    client_first_name: first,
    client_last_name: last,
    client_gender: row.client_gender,
    client_age: clientAge(row, now),
    preferred_state: row.preferred_state,
    preferred_cities: row.preferred_cities ?? [],
    budget_range: row.budget_range,
    level_of_care: row.level_of_care,
    funding_source: row.funding_source,
    timeline: row.timeline,
    is_urgent: row.is_urgent,
    interested_operators_count: row.interested_operators_count,
    status: row.status,
    created_at: row.created_at.toISOString(),
  }
}

/** Who is shown the unmasked data, inside which transaction: the presenter records the disclosure. */
export type Audience = { tx: Tx; viewer: Viewer }

export async function unlockedCard(row: ReferralRow, now: Date, audience: Audience): Promise<UnlockedCard> {
  await disclose(audience.tx, { id: row.id, owner: row.referrer_user_id }, audience.viewer, 'referral')
  return {
    ...maskedCard(row, now),
    visibility_level: 'unlocked',
    unlocked: true,
    client_name: `${row.client_first_name} ${row.client_last_name}`.trim(),
    client_first_name: row.client_first_name,
    client_last_name: row.client_last_name,
    client_medical_conditions: row.client_medical_conditions ?? null,
  }
}

export const referralCard = async (row: ReferralRow, unlocked: boolean, now: Date, audience: Audience): Promise<ReferralCard> =>
  unlocked ? unlockedCard(row, now, audience) : maskedCard(row, now)

/** Only the names, as this operator may see them (the dashboard's Interests tab). */
export async function namesAsSeen(
  row: Pick<ReferralRow, 'id' | 'referrer_user_id' | 'client_first_name' | 'client_last_name'>,
  unlocked: boolean,
  audience: Audience,
) {
  if (unlocked) await disclose(audience.tx, { id: row.id, owner: row.referrer_user_id }, audience.viewer, 'referral')
  const first = unlocked ? row.client_first_name : maskName(row.client_first_name)
  const last = unlocked ? row.client_last_name : maskName(row.client_last_name)
  return { client_first_name: first, client_last_name: last, client_name: `${first} ${last}`.trim() }
}

/** Columns that never leave the server, even unlocked (internal matching figures). */
const INTERNAL_COLUMNS = ['budget_max_cents', 'referrer_user_id', 'updated_at'] as const satisfies readonly (keyof ReferralRow)[]
const INTERNAL = new Set<keyof ReferralRow>(INTERNAL_COLUMNS)
type Iso<T> = T extends Date ? string : T
/** The stored record as sent: every column but the internal ones, times as ISO strings. */
type DetailFields = { [K in Exclude<keyof ReferralRow, (typeof INTERNAL_COLUMNS)[number]>]: Iso<ReferralRow[K]> }

/** The full record for an operator who unlocked the referral (or was invited). */
export async function referralDetail(row: ReferralRow, now: Date, audience: Audience) {
  const detail: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(row)) {
    if (INTERNAL.has(key as keyof ReferralRow)) continue
    detail[key] = value instanceof Date ? value.toISOString() : value
  }
  return { ...(detail as DetailFields), ...(await unlockedCard(row, now, audience)) }
}
