import { sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { CARE_LEVELS, FUNDING_SOURCES } from '../../db/enums'
import { env } from '../../env'
import { clock, DAY } from '../../lib/clock'
import { boundingBox, distanceMiles, matchStates, lookupZip } from '../geo'
import type { SearchPropertiesQuery } from './browse.schemas'
import { containsPattern, rows } from '../../db/raw'
import { fromRaw, operatorVisibility, VISIBLE_PROPERTY, type RawProperty } from './public-sql'
import { displayName, loadPropertyViews, type OperatorSummary, type PropertyView } from './property-view'
import { containsIgnoringCase, indexedBy, inJsonArraySql, latitudeBand, rowid } from '../../db/dialect'

/** Confirmations after this moment count as recent (BEDS_FRESH_DAYS). */
export const freshSince = (now: number) => now - env.BEDS_FRESH_DAYS * DAY

export type SearchLocation = { zip: string; city: string; state: string; latitude: number; longitude: number; radius: number }
export type SearchResult = {
  items: PropertyView[]
  page: number
  per_page: number
  has_more: boolean
  /** The geocoded ZIP, or null when no ZIP was given or it is unknown. */
  location: SearchLocation | null
  /**
   * Radius searches only (null otherwise): the homes kept in the results
   * without a map position (no coordinates: their ZIP did not geocode), so
   * with no distance. They come after every home with a distance; `total` is
   * how many there are across all pages, `from` the index in this page's
   * `items` where they start (null: none on this page).
   */
  no_map_position: { total: number; from: number | null } | null
}

/** Constant text of the statements, built once (Bun caches each statement by its text: only values are bound). */
const AND = sql.raw(' AND ')
const NEWEST_IDX = indexedBy('properties_newest_idx')
const GEO_IDX = indexedBy('properties_geo_idx')
const P_ROWID = sql.raw(rowid('p'))
const P_LATITUDE_BAND = latitudeBand('p.latitude')
const IN_BOX_BRANCH = sql`SELECT ${P_ROWID} AS rid, p.latitude, p.longitude, p.created_at, p.operator_id FROM properties p ${GEO_IDX}`
const UNPLACED_BRANCH = sql`SELECT ${P_ROWID}, NULL, NULL, p.created_at, p.operator_id FROM properties p ${GEO_IDX}
       WHERE ${P_LATITUDE_BAND} IS NULL`

/**
 * Browse Group Homes: public, active, with free beds; state
 * (code or partial name), city (partial) and ZIP filters. With a geocoded ZIP:
 * an indexed bounding-box prefilter in SQL, then the exact great-circle
 * distance here, nearest first, coordinate-less properties of the ZIP's state
 * kept after them.
 * Without one: newest first, and an unknown ZIP matches zip_code exactly.
 * Each filter is a `sql` fragment whose text depends only on which filters
 * are set, never on their values.
 */
export async function searchProperties(db: Executor, q: SearchPropertiesQuery): Promise<SearchResult> {
  const now = clock.ms()
  const where: SQL[] = [sql`p.available_beds > 0`]
  const found = q.zip ? lookupZip(q.zip) : null
  const location = found
    ? { zip: found.zip, city: found.city, state: found.state, latitude: found.latitude, longitude: found.longitude, radius: q.radius }
    : null
  if (q.state) {
    const codes = matchStates(q.state)
    if (codes.length === 0) return { items: [], page: q.page, per_page: q.per_page, has_more: false, location, no_map_position: location && { total: 0, from: null } }
    where.push(inJsonArraySql(sql.raw('p.state'), codes))
  }
  if (q.city) where.push(containsIgnoringCase('p.city', containsPattern(q.city)))
  if (q.confirmed_recently) {
    // A column of properties_geo_idx, so the radius prefilter stays index-only; the
    // cut-off moves with the clock, which bounds the search cache (search-cache.ts).
    where.push(sql`p.beds_confirmed_at > ${freshSince(now)}`)
  }
  // Care extras (issue 15): the lists' bit masks are the last columns of properties_geo_idx,
  // so the radius prefilter still reads only the index (bit i = value i of the list).
  if (q.care_level) where.push(sql`(p.care_levels_mask & ${1 << CARE_LEVELS.indexOf(q.care_level)}) != 0`)
  if (q.funding) where.push(sql`(p.funding_mask & ${1 << FUNDING_SOURCES.indexOf(q.funding)}) != 0`)
  if (location) return { ...(await nearestFirst(db, where, now, q, location)), location }
  if (q.zip) where.push(sql`p.zip_code = ${q.zip}`)
  return { ...(await newestFirst(db, where, now, q)), location: null, no_map_position: null }
}

/**
 * Newest first, the last inserted first among homes created at the same
 * moment: the rowid makes the order total (pages never skip or repeat a home)
 * and is the last column of every SQLite index, so properties_newest_idx
 * still serves the whole ORDER BY and the walk stops after one page.
 * Exported for the query-plan test.
 */
export function newestFirstSql(where: SQL[], now: number, q: Pick<SearchPropertiesQuery, 'page' | 'per_page'>): SQL {
  return sql`SELECT p.* FROM properties p ${NEWEST_IDX} WHERE ${sql.join(where, AND)} AND ${VISIBLE_PROPERTY(now)}
     ORDER BY p.created_at DESC, ${P_ROWID} DESC LIMIT ${q.per_page + 1} OFFSET ${(q.page - 1) * q.per_page}`
}

async function newestFirst(db: Executor, where: SQL[], now: number, q: SearchPropertiesQuery) {
  const found = await rows<RawProperty>(db, newestFirstSql(where, now, q))
  return {
    items: await loadPropertyViews(db, found.slice(0, q.per_page).map(fromRaw)),
    page: q.page,
    per_page: q.per_page,
    has_more: found.length > q.per_page,
  }
}

/**
 * The radius prefilter: two branches, each served by properties_geo_idx: the
 * box, read from the covering index alone (no table reads unless a state or
 * city filter applies), and the coordinate-less rows (`unplaced`: their own
 * filters, the searched ZIP's state), which read the table for those few rows
 * only. Visibility is decided per operator afterwards. Exported for the
 * query-plan test.
 */
export function radiusCandidatesSql(inBox: SQL[], where: SQL[], unplaced: SQL[] = []): SQL {
  const filters = sql.join([sql`p.is_active = ${true}`, ...where], AND)
  return sql`${IN_BOX_BRANCH}
       WHERE ${sql.join(inBox, AND)} AND ${filters}
     UNION ALL
     ${UNPLACED_BRANCH} AND ${sql.join([filters, ...unplaced], AND)}`
}

/** `rid` is the row id (db/dialect.ts): integer keys are cheaper to carry and to look up than the text ids. */
type Candidate = { rid: number; latitude: number | null; longitude: number | null; created_at: number; operator_id: string }

async function nearestFirst(db: Executor, where: SQL[], now: number, q: SearchPropertiesQuery, at: SearchLocation) {
  const box = boundingBox(at.latitude, at.longitude, q.radius)
  // properties_geo_idx leads with 1-degree latitude bands (latitudeBand truncates like Math.trunc;
  // it is monotonic, so the bands between the box's edges are all the ones it touches).
  const bands: number[] = []
  for (let b = Math.trunc(box.minLat); b <= Math.trunc(box.maxLat); b++) bands.push(b)
  const inBox = [inJsonArraySql(P_LATITUDE_BAND, bands), sql`p.latitude BETWEEN ${box.minLat} AND ${box.maxLat}`]
  if (box.minLng !== null && box.maxLng !== null) inBox.push(sql`p.longitude BETWEEN ${box.minLng} AND ${box.maxLng}`)
  else inBox.push(sql`p.longitude IS NOT NULL`)
  // A home with no map position may be anywhere: only those in the searched ZIP's state are kept (a Chicago
  // search never lists a Texas home under "Distance unknown").
  const candidates = await rows<Candidate>(db, radiusCandidatesSql(inBox, where, [sql`p.state = ${at.state}`]))
  const near: { c: Candidate; d: number }[] = []
  const unplaced: { c: Candidate; d: null }[] = []
  for (const c of candidates) {
    if (c.latitude === null || c.longitude === null) unplaced.push({ c, d: null })
    else {
      const d = distanceMiles(at.latitude, at.longitude, c.latitude, c.longitude)
      if (d <= q.radius) near.push({ c, d })
    }
  }
  const visibility = await operatorVisibility(db, [...near, ...unplaced].map((n) => n.c.operator_id), now)
  const visible = (n: { c: Candidate }) => {
    const v = visibility.get(n.c.operator_id)
    return !!v && (v.premium || v.first_rowid === n.c.rid)
  }
  // Nearest first, then as newestFirst: homes at one ZIP centroid share a distance, and the
  // candidates come in no particular order (UNION ALL, no ORDER BY), so the rowid decides.
  const newer = (a: { c: Candidate }, b: { c: Candidate }) => b.c.created_at - a.c.created_at || b.c.rid - a.c.rid
  const ordered = [...near.filter(visible).sort((a, b) => a.d - b.d || newer(a, b)), ...unplaced.filter(visible).sort(newer)]
  const offset = (q.page - 1) * q.per_page
  const pageItems = ordered.slice(offset, offset + q.per_page)
  const unplacedCount = ordered.length - near.filter(visible).length
  const full = await rows<RawProperty & { rid: number }>(
    db,
    sql`SELECT ${P_ROWID} AS rid, p.* FROM properties p WHERE ${inJsonArraySql(P_ROWID, pageItems.map((n) => n.c.rid))}`,
  )
  const byRowid = new Map(full.map(({ rid, ...r }) => [rid, fromRaw(r)]))
  const pageRows = pageItems.map((n) => byRowid.get(n.c.rid)).filter((r) => r !== undefined)
  const distances = new Map<string, number>()
  for (const n of pageItems) {
    const row = byRowid.get(n.c.rid)
    if (row && n.d !== null) distances.set(row.id, Math.round(n.d * 100) / 100)
  }
  const operators = new Map<string, OperatorSummary>()
  for (const [id, o] of visibility) operators.set(id, { id, username: o.username, name: displayName(o), premium: o.premium })
  const items = await loadPropertyViews(db, pageRows, { distances, operators })
  // Where this page crosses from homes with a distance to homes without one (the order above puts them last).
  const from = items.findIndex((i) => i.distance_miles === null)
  return {
    items,
    page: q.page,
    per_page: q.per_page,
    has_more: ordered.length > offset + q.per_page,
    no_map_position: { total: unplacedCount, from: from === -1 ? null : from },
  }
}
