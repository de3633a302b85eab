import { sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import type { LICENSING_TYPES, VERIFICATION_STATUSES } from '../../db/enums'
import { clock } from '../../lib/clock'
import { mediaUrl } from '../../storage/media.routes'
import { parseChoices, SPECIALIZATIONS } from '../care'
import { matchStates } from '../geo'
import { containsPattern, rows } from '../../db/raw'
import { displayName } from '../properties'
import type { ListOperatorsQuery } from './browse-operators.schemas'
import { badgesOf, operatorBadges } from '../badges'
import { premiumSql } from '../billing'
import { containsIgnoringCase, containsText, inJsonArraySql, textOrder } from '../../db/dialect'

/** Holds the operator role, or no role at all (ADR 001); admins and referrers are not listed. SQL text (no parameters): splice it with `sql.raw`. */
export const IS_OPERATOR_SQL = (idColumn: string) =>
  `(EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = ${idColumn} AND r.role = 'operator')
    OR NOT EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = ${idColumn}))`

/** The card's name (displayName: the organization's, else first + last) as a sort key: textOrder, the same on both engines. */
const NAME_ORDER = textOrder(`COALESCE(NULLIF(trim(pr.organization_name), ''), pr.first_name || ' ' || pr.last_name)`)

type Raw = {
  id: string
  username: string | null
  first_name: string
  last_name: string
  organization_name: string | null
  profile_photo: string | null
  bio: string | null
  years_of_experience: number
  licensing_type: (typeof LICENSING_TYPES)[number]
  verification_status: (typeof VERIFICATION_STATUSES)[number]
  specializations: string
  intro_video_key: string | null
  property_count: number
  city: string | null
  state: string | null
}

/**
 * Browse Premium Operators: premium (paid, trialing or
 * complimentary) operators, filtered by the state and city of their active
 * properties, by licensing type and by specialization,
 * alphabetically (ASCII case folded; equal names by id). City and state on
 * a card come from their oldest matching active property.
 */
export async function listOperators(db: Executor, q: ListOperatorsQuery) {
  const propertyFilters: SQL[] = []
  if (q.state) {
    const codes = matchStates(q.state)
    if (codes.length === 0) return { items: [], page: q.page, per_page: q.per_page, has_more: false }
    propertyFilters.push(inJsonArraySql(sql.raw('p.state'), codes))
  }
  if (q.city) propertyFilters.push(containsIgnoringCase('p.city', containsPattern(q.city)))
  const where: SQL[] = [premiumSql('pr.id', clock.ms()), sql.raw(IS_OPERATOR_SQL('pr.id'))]
  if (q.license_type !== 'all') where.push(sql`pr.licensing_type = ${q.license_type}`)
  if (q.specialization) {
    // The quoted value in the JSON list's text: only listed values can be stored (CHECK, migration 0010).
    where.push(containsText(sql.raw('pr.specializations'), JSON.stringify(q.specialization)))
  }
  const matching = sql.join([sql`p.operator_id = pr.id`, sql`p.is_active = ${true}`, ...propertyFilters], sql` AND `)
  if (propertyFilters.length) where.push(sql`EXISTS (SELECT 1 FROM properties p WHERE ${matching})`)
  const place = (column: 'city' | 'state') => sql`(SELECT p.${sql.raw(column)} FROM properties p WHERE ${matching} ORDER BY p.created_at, p.id LIMIT 1)`
  const found = await rows<Raw>(
    db,
    sql`SELECT pr.id, pr.username, pr.first_name, pr.last_name, pr.organization_name, pr.profile_photo, pr.bio,
       pr.years_of_experience, pr.licensing_type, pr.verification_status, pr.specializations, pr.intro_video_key,
       (SELECT count(*) FROM properties p WHERE p.operator_id = pr.id AND p.is_active = ${true}) AS property_count,
       ${place('city')} AS city, ${place('state')} AS state
     FROM profiles pr
     JOIN users u ON u.id = pr.id AND u.deleted_at IS NULL
     WHERE ${sql.join(where, sql` AND `)}
     ORDER BY ${NAME_ORDER}, pr.id
     LIMIT ${q.per_page + 1} OFFSET ${(q.page - 1) * q.per_page}`,
  )
  const page = found.slice(0, q.per_page)
  const badges = await operatorBadges(db, page.map((o) => o.id))
  return {
    items: page.map((o) => ({
      id: o.id,
      username: o.username,
      name: displayName(o),
      first_name: o.first_name,
      last_name: o.last_name,
      organization_name: o.organization_name,
      profile_photo: mediaUrl(o.profile_photo),
      bio: o.bio,
      years_of_experience: o.years_of_experience,
      licensing_type: o.licensing_type,
      verification_status: o.verification_status,
      specializations: parseChoices(o.specializations, SPECIALIZATIONS),
      // Everyone listed here is premium, so the video introduction is always public.
      video_intro: mediaUrl(o.intro_video_key),
      premium: true as const,
      property_count: o.property_count,
      city: o.city,
      state: o.state,
      badges: badgesOf(badges, o.id),
    })),
    page: q.page,
    per_page: q.per_page,
    has_more: found.length > q.per_page,
  }
}

export type OperatorCard = Awaited<ReturnType<typeof listOperators>>['items'][number]
