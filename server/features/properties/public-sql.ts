import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { properties } from '../../db/schema'
import { premiumSql } from '../billing'
import { indexedBy, rowid } from '../../db/dialect'

/**
 * SQL fragments and row shapes of the public property reads (raw SQL: server/db/raw.ts).
 * Fragments are drizzle `sql` templates: column references and dialect
 * helpers are constant text (`sql.raw`), values are bound, so a statement's
 * text is the same on every call (Bun caches statements by their text).
 */

/**
 * The oldest active property of an operator: the one a free (or downgraded) operator shows publicly.
 * `f.is_active` is tested as a boolean column, neither a 1 literal nor a bound
 * parameter: a parameter in this correlated subquery doubled the cost of
 * the per-operator visibility check (measured on the bench data); a bare boolean column is the
 * same test in SQLite and in Postgres. Constant text: no parameter at all.
 */
const OPERATOR_IDX = indexedBy('properties_operator_idx')
export const firstActivePropertySql = (operatorIdColumn: string, select: 'id' | 'rowid' = 'id'): SQL =>
  sql`(SELECT ${sql.raw(select === 'rowid' ? rowid('f') : 'f.id')} FROM properties f ${OPERATOR_IDX} WHERE f.operator_id = ${sql.raw(operatorIdColumn)} AND f.is_active ORDER BY f.created_at, f.id LIMIT 1)`

/**
 * Is property `p` public at `now` (ms)? Active, its operator's account not
 * deleted, and either the operator is premium or this is their first active
 * property (a downgrade hides extra properties without deleting them).
 * A fragment for a `sql` template: `AND ${VISIBLE_PROPERTY(now)}`.
 */
export const VISIBLE_PROPERTY = (now: number | SQLWrapper): SQL<boolean> => sql<boolean>`p.is_active = ${true}
  AND (SELECT u.deleted_at FROM users u WHERE u.id = p.operator_id) IS NULL
  AND (${premiumSql('p.operator_id', now)} OR p.id = ${firstActivePropertySql('p.operator_id')})`

/** A properties row as SQLite returns it: integers for booleans and times, JSON as text. */
export type RawProperty = Omit<
  typeof properties.$inferSelect,
  | 'is_active'
  | 'pets_allowed'
  | 'sex_offender_friendly'
  | 'wheelchair_accessible'
  | 'private_rooms'
  | 'medical_care_24_7'
  | 'amenities'
  | 'demographics_served'
  | 'care_levels'
  | 'funding_accepted'
  | 'room_types'
  | 'nearby_services'
  | 'languages'
  | 'created_at'
  | 'updated_at'
  | 'beds_confirmed_at'
> & {
  is_active: number
  pets_allowed: number
  sex_offender_friendly: number
  wheelchair_accessible: number
  private_rooms: number
  medical_care_24_7: number
  amenities: string
  demographics_served: string
  care_levels: string
  funding_accepted: string
  room_types: string
  nearby_services: string
  languages: string
  created_at: number
  updated_at: number
  beds_confirmed_at: number | null
}

const list = <T extends string = string>(value: string): T[] => {
  try {
    const parsed = JSON.parse(value)
    return Array.isArray(parsed) ? (parsed.map(String) as T[]) : []
  } catch {
    return []
  }
}

/** The same row as drizzle would type it, so property-view.ts serves both paths. */
export function fromRaw(r: RawProperty): typeof properties.$inferSelect {
  return {
    ...r,
    is_active: !!r.is_active,
    pets_allowed: !!r.pets_allowed,
    sex_offender_friendly: !!r.sex_offender_friendly,
    wheelchair_accessible: !!r.wheelchair_accessible,
    private_rooms: !!r.private_rooms,
    medical_care_24_7: !!r.medical_care_24_7,
    amenities: list(r.amenities),
    demographics_served: list(r.demographics_served),
    // Only known values can be stored (CHECK constraints of migration 0010).
    care_levels: list(r.care_levels),
    funding_accepted: list(r.funding_accepted),
    room_types: list(r.room_types),
    nearby_services: list(r.nearby_services),
    languages: list(r.languages),
    created_at: new Date(r.created_at),
    updated_at: new Date(r.updated_at),
    beds_confirmed_at: r.beds_confirmed_at == null ? null : new Date(r.beds_confirmed_at),
  }
}
