import { sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { containsIgnoringCase } from '../../db/dialect'
import type { LICENSING_TYPES, VERIFICATION_STATUSES } from '../../db/enums'
import { row, rows } from '../../db/raw'
import { clock } from '../../lib/clock'
import { badgesOf, operatorBadges } from '../badges'
import { FREE_BIO_LENGTH, premiumSql } from '../billing'
import { displayName } from '../properties'

/** An operator as the directory publishes it (ADR 032): what its public profile shows, trimmed by its plan like the profile. */
export type DirectoryOperator = {
  id: string
  username: string | null
  name: string
  bio: string | null
  licensing_type: (typeof LICENSING_TYPES)[number]
  verification_status: (typeof VERIFICATION_STATUSES)[number]
  badges: ReturnType<typeof badgesOf>
  updated_at: string
}

type Raw = Omit<DirectoryOperator, 'name' | 'badges' | 'updated_at'> & {
  first_name: string
  last_name: string
  organization_name: string | null
  premium: number | boolean
  updated_at: number
}

/**
 * An operator is published while its account stands and one of its homes is
 * active: then its first active home at least is public (VISIBLE_PROPERTY),
 * so the directory never names an operator the public site has nothing of.
 */
const where = (filter: { id?: string; name?: string }): SQL => {
  const conditions: SQL[] = [sql`u.deleted_at IS NULL`, sql`EXISTS (SELECT 1 FROM properties f WHERE f.operator_id = pr.id AND f.is_active)`]
  if (filter.id !== undefined) conditions.push(sql`pr.id = ${filter.id}`)
  if (filter.name !== undefined) {
    const pattern = `%${filter.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    conditions.push(sql`(${containsIgnoringCase('pr.organization_name', pattern)} OR ${containsIgnoringCase(sql`(pr.first_name || ' ' || pr.last_name)`, pattern)})`)
  }
  return sql.join(conditions, sql.raw(' AND '))
}

/** One page of the published operators (oldest account first), name containing `name` if given; `total` across pages. */
export async function directoryOperators(db: Executor, filter: { id?: string; name?: string }, page: { offset: number; limit: number }) {
  const from = sql`FROM profiles pr JOIN users u ON u.id = pr.id WHERE ${where(filter)}`
  const counted = await row<{ n: number | string }>(db, sql`SELECT count(*) AS n ${from}`)
  const found = await rows<Raw>(
    db,
    sql`SELECT pr.id, pr.username, pr.first_name, pr.last_name, pr.organization_name, pr.bio, pr.licensing_type,
       pr.verification_status, pr.updated_at, ${premiumSql('pr.id', clock.ms())} AS premium
     ${from} ORDER BY pr.created_at, pr.id LIMIT ${page.limit} OFFSET ${page.offset}`,
  )
  const badges = await operatorBadges(db, found.map((o) => o.id))
  const items: DirectoryOperator[] = found.map((o) => ({
    id: o.id,
    username: o.username,
    name: displayName(o),
    // As the profile shows it: a free plan's bio is cut (get-operator-profile.ts).
    bio: (o.premium ? o.bio : o.bio?.slice(0, FREE_BIO_LENGTH)) || null,
    licensing_type: o.licensing_type,
    verification_status: o.verification_status,
    badges: badgesOf(badges, o.id),
    updated_at: new Date(Number(o.updated_at)).toISOString(),
  }))
  return { total: Number(counted?.n ?? 0), items }
}
