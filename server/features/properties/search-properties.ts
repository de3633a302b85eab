import { sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { CARE_LEVELS, FUNDING_SOURCES } from '../../db/enums'
import { clock } from '../../lib/clock'
import { freshSince } from './beds-freshness'
import { boundingBox, distanceMiles, matchStates, lookupZip } from '../geo'
import type { SearchPropertiesQuery } from './browse.schemas'
import { containsPattern, preparedRead } from '../../db/raw'
import { firstActivePropertySql, fromRaw, VISIBLE_PROPERTY, type RawProperty } from './public-sql'
import { displayName, toPropertyView, type MediaRow, type PropertyView } from './property-view'
import { UNWITNESSED, type Witness } from './search-cache'
import { containsIgnoringCase, indexedBy, inListSql, jsonArrayAggSql, latitudeBand, rowid, witnessedSql } from '../../db/dialect'
import { premiumSql } from '../billing'

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

/** Which filters a query sets: its statements' text depends on these alone, never on their values. */
type Shape = { state: boolean; city: boolean; fresh: boolean; care: boolean; funding: boolean; zip: boolean }
const shapeKey = (s: Shape) => `${+s.state}${+s.city}${+s.fresh}${+s.care}${+s.funding}${+s.zip}`
const P = sql.placeholder

/** The filters' conditions, their values as placeholders (bound by name, raw.ts preparedRead). */
function filtersSql(s: Shape): SQL[] {
  const where: SQL[] = [sql`p.available_beds > 0`]
  if (s.state) where.push(inListSql(sql.raw('p.state'), 'states', 'text'))
  if (s.city) where.push(containsIgnoringCase('p.city', P('city')))
  // A column of properties_geo_idx, so the radius prefilter stays index-only; the
  // cut-off moves with the clock, which bounds the search cache (search-cache.ts).
  if (s.fresh) where.push(sql`p.beds_confirmed_at > ${P('fresh_since')}`)
  // Care extras: the lists' bit masks are the last columns of properties_geo_idx,
  // so the radius prefilter still reads only the index (bit i = value i of the list).
  if (s.care) where.push(sql`(p.care_levels_mask & ${P('care_bit')}) != 0`)
  if (s.funding) where.push(sql`(p.funding_mask & ${P('funding_bit')}) != 0`)
  if (s.zip) where.push(sql`p.zip_code = ${P('zip')}`)
  return where
}

/** The search's statements, each rendered once per shape and engine. */
const statements = new Map<string, (db: Executor, values: Readonly<Record<string, unknown>>) => Promise<unknown[]>>()
export function statement<T>(key: string, build: () => SQL) {
  let found = statements.get(key)
  if (!found) {
    found = preparedRead<unknown>(build)
    statements.set(key, found)
  }
  return found as (db: Executor, values: Readonly<Record<string, unknown>>) => Promise<T[]>
}

/**
 * Browse Group Homes: public, active, with free beds; state
 * (code or partial name), city (partial) and ZIP filters. With a geocoded ZIP:
 * an indexed bounding-box prefilter in SQL, then the exact great-circle
 * distance here, nearest first, coordinate-less properties of the ZIP's state
 * kept after them.
 * Without one: newest first, and an unknown ZIP matches zip_code exactly.
 * The statements are prepared reads: their text depends only on which filters
 * are set, and the values are bound by name.
 */
export async function searchProperties(db: Executor, q: SearchPropertiesQuery, witness: Witness = UNWITNESSED): Promise<SearchResult> {
  const now = clock.ms()
  const found = q.zip ? lookupZip(q.zip) : null
  const location = found
    ? { zip: found.zip, city: found.city, state: found.state, latitude: found.latitude, longitude: found.longitude, radius: q.radius }
    : null
  const values: Record<string, unknown> = { now }
  if (q.state) {
    const codes = matchStates(q.state)
    if (codes.length === 0) return { items: [], page: q.page, per_page: q.per_page, has_more: false, location, no_map_position: location && { total: 0, from: null } }
    values.states = codes
  }
  if (q.city) values.city = containsPattern(q.city)
  if (q.confirmed_recently) values.fresh_since = freshSince(now)
  if (q.care_level) values.care_bit = 1 << CARE_LEVELS.indexOf(q.care_level)
  if (q.funding) values.funding_bit = 1 << FUNDING_SOURCES.indexOf(q.funding)
  if (q.zip && !location) values.zip = q.zip
  const shape = { state: !!q.state, city: !!q.city, fresh: !!q.confirmed_recently, care: !!q.care_level, funding: !!q.funding, zip: q.zip !== undefined && !location }
  if (location) return { ...(await nearestFirst(db, shape, values, q, location, witness)), location }
  return { ...(await newestFirst(db, shape, values, q, witness)), location: null, no_map_position: null }
}

/**
 * Newest first, the last inserted first among homes created at the same
 * moment: the rowid makes the order total (pages never skip or repeat a home)
 * and is the last column of every SQLite index, so properties_newest_idx
 * still serves the whole ORDER BY and the walk stops after one page.
 * Placeholders `now`, `limit`, `offset` and the filters'. Exported for the query-plan test.
 */
export function newestFirstSql(where: SQL[]): SQL {
  return sql`SELECT ${P_ROWID} AS rid, p.operator_id, ${premiumSql('p.operator_id', P('now'))} AS premium
     FROM properties p ${NEWEST_IDX} WHERE ${sql.join(where, AND)} AND ${VISIBLE_PROPERTY(P('now'))}
     ORDER BY p.created_at DESC, ${P_ROWID} DESC LIMIT ${P('limit')} OFFSET ${P('offset')}`
}

async function newestFirst(db: Executor, shape: Shape, values: Record<string, unknown>, q: SearchPropertiesQuery, witness: Witness) {
  const read = statement<PageItem>(`newest:${shapeKey(shape)}`, () => witnessedSql(newestFirstSql(filtersSql(shape))))
  const found = seen(witness, await read(db, { ...values, limit: q.per_page + 1, offset: (q.page - 1) * q.per_page }))
  return {
    items: await pageViews(db, found.slice(0, q.per_page), new Map(), values.now as number, witness),
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

/**
 * Which of the operators `ids` the public sees, and what of theirs
 * (VISIBLE_PROPERTY's rule, per operator): an account not deleted, and either
 * premium (all its active homes) or not (only its first active one,
 * `first_rowid`). Placeholders `ids` and `now`. Exported for the query-plan test.
 */
export function operatorVisibilitySql(): SQL {
  return sql`WITH ops AS MATERIALIZED (
       SELECT u.id, ${premiumSql('u.id', P('now'))} AS premium FROM users u
       WHERE ${inListSql(sql.raw('u.id'), 'ids', 'text')} AND u.deleted_at IS NULL)
     SELECT ops.id, ops.premium, CASE WHEN ops.premium THEN NULL ELSE ${firstActivePropertySql('ops.id', 'rowid')} END AS first_rowid FROM ops`
}

/** A listed operator's visibility; null: its account is deleted, none of its homes shows. */
export type Shown = { premium: boolean; first_rowid: number | null } | null
const readVisibility = statement<{ id: string | null; premium: number | boolean; first_rowid: number | null }>('operators', () => witnessedSql(operatorVisibilitySql()))

/**
 * The visibility of each of the operators `ids`: from the generation's facts
 * (search-cache.ts) where known, the others in one statement, then kept there.
 * Operators are few and every search meets the same ones, so most searches
 * read none: their statement need not join users, roles and subscriptions.
 */
export async function shownOperators(db: Executor, ids: readonly string[], now: number, witness: Witness): Promise<Map<string, Shown>> {
  const shown = new Map<string, Shown>()
  if (ids.length === 0) return shown
  const facts = witness.facts(now)
  const unknown: string[] = []
  for (const id of ids) {
    const known = facts?.get(`operator ${id}`) as Shown | undefined
    if (known === undefined) unknown.push(id)
    else shown.set(id, known)
  }
  if (unknown.length === 0) return shown
  const rows = await readVisibility(db, { ids: unknown, now })
  witness.saw(rows)
  for (const r of rows) if (r.id !== null) shown.set(r.id, { premium: !!r.premium, first_rowid: r.first_rowid })
  const keep = witness.facts(now)
  for (const id of unknown) {
    if (!shown.has(id)) shown.set(id, null)
    keep?.set(`operator ${id}`, shown.get(id), 200)
  }
  return shown
}

/**
 * The page's homes by row id, with their operator's public name and their media
 * (display order, as mediaByProperty) in the same row: one round trip.
 */
const MEDIA_JSON = jsonArrayAggSql('m.kind, m.storage_key, m.thumb_key', 'm.kind, m.position, m.created_at, m.id')
export const readPageRows = statement<PageRow>('page', () =>
  witnessedSql(sql`SELECT ${P_ROWID} AS rid, p.*, pr.username AS operator_username, pr.first_name AS operator_first_name,
       pr.last_name AS operator_last_name, pr.organization_name AS operator_organization_name,
       (SELECT ${MEDIA_JSON} FROM property_media m WHERE m.property_id = p.id) AS media_json
     FROM properties p JOIN profiles pr ON pr.id = p.operator_id
     WHERE ${inListSql(P_ROWID, 'rids', 'bigint')}`),
)

export type PageRow = RawProperty & {
  rid: number | null
  operator_username: string | null
  operator_first_name: string
  operator_last_name: string
  operator_organization_name: string | null
  media_json: string
}

/** A home of the page: its row id (db/dialect.ts: integer keys are cheaper to carry and to look up than the text ids) and its operator's premium flag. */
type PageItem = { rid: number; operator_id: string; premium: number | boolean }
/** A home in the radius, as the first statement finds it, whoever its operator. */
type Found = Omit<PageItem, 'premium'> & { latitude: number | null; longitude: number | null; created_at: number }

/** A witnessed statement's rows, told to the witness, without the row a statement that found nothing answers (search-cache.ts). */
export function seen<T extends { rid: number | null }>(witness: Witness, rows: T[]): (T & { rid: number })[] {
  witness.saw(rows)
  return rows.filter((r): r is T & { rid: number } => r.rid !== null)
}

/** What a home's public view holds in memory, about: 1.6 KB measured on the bench's homes, plus its free texts (two bytes a character at worst). */
const viewBytes = (home: RawProperty) => 1_600 + 2 * ((home.description?.length ?? 0) + (home.house_rules?.length ?? 0))

/**
 * The page's homes as the public sees them, in the page's order, with their
 * distances (rounded to 0.01 mile). A home's view is one of the generation's
 * facts (search-cache.ts): read once, then shared by every page that lists it
 * until a commit or the clock ends the generation.
 */
async function pageViews(db: Executor, page: readonly PageItem[], distances: ReadonlyMap<number, number>, now: number, witness: Witness): Promise<PropertyView[]> {
  if (page.length === 0) return []
  const facts = witness.facts(now)
  const views = new Map<number, PropertyView>()
  for (const c of page) {
    const known = facts?.get(`home ${c.rid}`) as PropertyView | undefined
    if (known) views.set(c.rid, known)
  }
  const unknown = page.filter((c) => !views.has(c.rid))
  if (unknown.length > 0) {
    const found = seen(witness, await readPageRows(db, { rids: unknown.map((c) => c.rid) }))
    const keep = witness.facts(now)
    const byRowid = new Map(found.map((r) => [r.rid, r]))
    for (const c of unknown) {
      const r = byRowid.get(c.rid)
      if (!r) continue // deleted since the first statement
      const { rid, operator_username, operator_first_name, operator_last_name, operator_organization_name, media_json, ...raw } = r
      const name = { first_name: operator_first_name, last_name: operator_last_name, organization_name: operator_organization_name }
      const operator = { id: c.operator_id, username: operator_username, name: displayName(name), premium: !!c.premium }
      const media = (JSON.parse(media_json) as [MediaRow['kind'], string, string | null][]).map(([kind, storage_key, thumb_key]) => ({ property_id: raw.id, kind, storage_key, thumb_key }))
      const view = toPropertyView(fromRaw(raw), media, operator)
      views.set(rid, view)
      keep?.set(`home ${rid}`, view, viewBytes(raw))
    }
  }
  const items: PropertyView[] = []
  for (const c of page) {
    const view = views.get(c.rid)
    if (!view) continue
    const d = distances.get(c.rid)
    items.push(d === undefined ? view : { ...view, distance_miles: Math.round(d * 100) / 100 })
  }
  return items
}

/**
 * The radius search's first statement: the candidates in the box (or without a
 * map position, in the searched ZIP's state), whoever their operator.
 * `any_longitude`: a box that wraps around the globe has no longitude bounds.
 */
const nearCandidatesSql = (shape: Shape, anyLongitude: boolean) => {
  // properties_geo_idx leads with 1-degree latitude bands (latitudeBand truncates like Math.trunc;
  // it is monotonic, so the bands between the box's edges are all the ones it touches).
  const inBox = [inListSql(P_LATITUDE_BAND, 'bands', 'bigint'), sql`p.latitude BETWEEN ${P('min_lat')} AND ${P('max_lat')}`]
  inBox.push(anyLongitude ? sql`p.longitude IS NOT NULL` : sql`p.longitude BETWEEN ${P('min_lng')} AND ${P('max_lng')}`)
  // A home with no map position may be anywhere: only those in the searched ZIP's state are kept (a Chicago
  // search never lists a Texas home under "Distance unknown").
  return witnessedSql(radiusCandidatesSql(inBox, filtersSql(shape), [sql`p.state = ${P('zip_state')}`]))
}

async function nearestFirst(db: Executor, shape: Shape, values: Record<string, unknown>, q: SearchPropertiesQuery, at: SearchLocation, witness: Witness) {
  const box = boundingBox(at.latitude, at.longitude, q.radius)
  const bands: number[] = []
  for (let b = Math.trunc(box.minLat); b <= Math.trunc(box.maxLat); b++) bands.push(b)
  const anyLongitude = box.minLng === null || box.maxLng === null
  const read = statement<Found>(`near:${shapeKey(shape)}:${anyLongitude}`, () => nearCandidatesSql(shape, anyLongitude))
  const now = values.now as number
  const candidates = seen(witness, await read(db, { ...values, bands, min_lat: box.minLat, max_lat: box.maxLat, min_lng: box.minLng, max_lng: box.maxLng, zip_state: at.state }))
  const operators = await shownOperators(db, [...new Set(candidates.map((c) => c.operator_id))], now, witness)
  const near: { c: Found; d: number }[] = []
  const unplaced: { c: Found; d: null }[] = []
  for (const c of candidates) {
    const shown = operators.get(c.operator_id)
    if (!shown || !(shown.premium || shown.first_rowid === c.rid)) continue
    if (c.latitude === null || c.longitude === null) unplaced.push({ c, d: null })
    else {
      const d = distanceMiles(at.latitude, at.longitude, c.latitude, c.longitude)
      if (d <= q.radius) near.push({ c, d })
    }
  }
  // Nearest first, then as newestFirst: homes at one ZIP centroid share a distance, and the
  // candidates come in no particular order (UNION ALL, no ORDER BY), so the rowid decides.
  const newer = (a: { c: Found }, b: { c: Found }) => b.c.created_at - a.c.created_at || b.c.rid - a.c.rid
  const ordered = [...near.sort((a, b) => a.d - b.d || newer(a, b)), ...unplaced.sort(newer)]
  const offset = (q.page - 1) * q.per_page
  const pageItems = ordered.slice(offset, offset + q.per_page)
  const distances = new Map<number, number>()
  for (const n of pageItems) if (n.d !== null) distances.set(n.c.rid, n.d)
  const page = pageItems.map(({ c }) => ({ rid: c.rid, operator_id: c.operator_id, premium: operators.get(c.operator_id)!.premium }))
  const items = await pageViews(db, page, distances, now, witness)
  // Where this page crosses from homes with a distance to homes without one (the order above puts them last).
  const from = items.findIndex((i) => i.distance_miles === null)
  return {
    items,
    page: q.page,
    per_page: q.per_page,
    has_more: ordered.length > offset + q.per_page,
    no_map_position: { total: unplaced.length, from: from === -1 ? null : from },
  }
}
