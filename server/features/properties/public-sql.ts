import type { SQLQueryBindings } from 'bun:sqlite'
import { db } from '../../db/client'
import type { properties } from '../../db/schema'
import { premiumSql } from '../operators/premium-sql'

/**
 * Public reads run as plain SQL on Bun's SQLite through `query()`, which
 * caches each compiled statement by its text: the browse endpoint is the hot
 * path (bench/browse.ts) and re-preparing drizzle-built SQL on every request
 * costs more than the query itself. Writes stay on drizzle.
 */
export function rows<T>(text: string, params: Record<string, SQLQueryBindings>): T[] {
  return db.$client.query(text).all(params as never) as T[]
}
export function row<T>(text: string, params: Record<string, SQLQueryBindings>): T | null {
  return (db.$client.query(text).get(params as never) as T | null) ?? null
}

/** A LIKE pattern matching `text` anywhere (use with ESCAPE '\\'). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** The oldest active property of an operator: the one a free (or downgraded) operator shows publicly. */
export const firstActivePropertySql = (operatorIdColumn: string) =>
  `(SELECT f.id FROM properties f WHERE f.operator_id = ${operatorIdColumn} AND f.is_active = 1 ORDER BY f.created_at, f.id LIMIT 1)`

/**
 * Is property `p` public? Active, its operator's account not deleted, and
 * either the operator is premium or this is their first active property
 * (DESIGN.md §6: a downgrade hides extra properties without deleting them).
 * Binds `$now`.
 */
export const VISIBLE_PROPERTY = `p.is_active = 1
  AND (SELECT u.deleted_at FROM users u WHERE u.id = p.operator_id) IS NULL
  AND (${premiumSql('p.operator_id')} OR p.id = ${firstActivePropertySql('p.operator_id')})`

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
  | 'created_at'
  | 'updated_at'
> & {
  is_active: number
  pets_allowed: number
  sex_offender_friendly: number
  wheelchair_accessible: number
  private_rooms: number
  medical_care_24_7: number
  amenities: string
  demographics_served: string
  created_at: number
  updated_at: number
}

const list = (value: string): string[] => {
  try {
    const parsed = JSON.parse(value)
    return Array.isArray(parsed) ? parsed.map(String) : []
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
    created_at: new Date(r.created_at),
    updated_at: new Date(r.updated_at),
  }
}
