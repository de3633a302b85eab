import { sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { CARE_LEVELS, FUNDING_SOURCES } from '../../db/enums'
import { containsIgnoringCase, indexedBy, inListSql, latitudeBand, rowid, witnessedSql } from '../../db/dialect'
import { clock } from '../../lib/clock'
import { boundingBox, distanceMiles } from '../geo'
import { fromRaw } from './public-sql'
import { displayName, toPropertyView, type MediaRow, type PropertyView } from './property-view'
import { UNWITNESSED, type Witness } from './search-cache'
import { readPageRows, seen, shownOperators, statement } from './search-properties'

/**
 * The public homes as the machine-readable directory publishes them (FHIR R4
 * and HSDS 3.1, the directory area; ADR 032): exactly the homes /browse could
 * show, by the same rule (an account not deleted, premium or the operator's
 * first active home: shownOperators), but with or without an open bed, since
 * a registry wants "0 available" too. Radius searches take the candidates from
 * properties_geo_idx like /browse's and measure the same great-circle
 * distance, so among homes with an open bed they find the same homes.
 * A home without a map position has no distance: a radius search leaves it
 * out (/browse lists it last, as "distance unknown").
 */

export type DirectoryFilter = {
  id?: string
  near?: { latitude: number; longitude: number; miles: number }
  /** A state's two-letter code, exactly. */
  state?: string
  /** City and ZIP: starts with, ignoring case (FHIR's string search). */
  city?: string
  postalCode?: string
  /** Changed (edited or its beds confirmed) at or after this moment, ms. */
  modifiedSince?: number
  operatorId?: string
  careLevel?: (typeof CARE_LEVELS)[number]
  funding?: (typeof FUNDING_SOURCES)[number]
  /** Anywhere in the name, city or description, ignoring case. */
  text?: string
}

/** A published home: its public view and when its record last changed. */
export type DirectoryHome = PropertyView & { updated_at: string }
/**
 * What the directory makes of a home, as JSON text: `kind` names it among the
 * generation's facts (one kind, one rendering), `text` must depend on the home alone.
 */
export type Rendering = { kind: string; text: (home: DirectoryHome) => string }
/** A home of a page: its id and its texts, one per rendering asked, in that order. */
export type RenderedHome = { id: string; texts: string[] }
export type DirectoryPage = { total: number; items: RenderedHome[] }

const AND = sql.raw(' AND ')
const P = sql.placeholder
const P_ROWID = sql.raw(rowid('p'))
const GEO_IDX = indexedBy('properties_geo_idx')

type Shape = { [K in keyof DirectoryFilter]-?: boolean } & { anyLongitude: boolean }
const shapeKey = (s: Shape) => Object.entries(s).map(([k, v]) => (v ? k : '')).join(',')

/** The filters' conditions; values bound by name (raw.ts preparedRead), so the text depends on the shape alone. */
function candidatesSql(s: Shape): SQL {
  const where: SQL[] = [sql`p.is_active = ${true}`]
  if (s.near) {
    where.push(inListSql(latitudeBand('p.latitude'), 'bands', 'bigint'), sql`p.latitude BETWEEN ${P('min_lat')} AND ${P('max_lat')}`)
    where.push(s.anyLongitude ? sql`p.longitude IS NOT NULL` : sql`p.longitude BETWEEN ${P('min_lng')} AND ${P('max_lng')}`)
  }
  if (s.id) where.push(sql`p.id = ${P('id')}`)
  if (s.state) where.push(sql`p.state = ${P('state')}`)
  if (s.city) where.push(containsIgnoringCase('p.city', P('city')))
  if (s.postalCode) where.push(containsIgnoringCase('p.zip_code', P('postal_code')))
  if (s.modifiedSince) where.push(sql`(p.updated_at >= ${P('since')} OR p.beds_confirmed_at >= ${P('since')})`)
  if (s.operatorId) where.push(sql`p.operator_id = ${P('operator_id')}`)
  if (s.careLevel) where.push(sql`(p.care_levels_mask & ${P('care_bit')}) != 0`)
  if (s.funding) where.push(sql`(p.funding_mask & ${P('funding_bit')}) != 0`)
  if (s.text) where.push(sql`(${containsIgnoringCase('p.name', P('text'))} OR ${containsIgnoringCase('p.city', P('text'))} OR ${containsIgnoringCase('p.description', P('text'))})`)
  return witnessedSql(sql`SELECT ${P_ROWID} AS rid, p.latitude, p.longitude, p.created_at, p.operator_id
     FROM properties p ${s.near ? GEO_IDX : sql.raw('')} WHERE ${sql.join(where, AND)}`)
}

type Candidate = { rid: number; latitude: number | null; longitude: number | null; created_at: number; operator_id: string }

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** One page of the published homes matching every filter (AND), nearest first in a radius search, else newest first, each rendered as asked; `total` across all pages. */
export async function directoryHomes(
  db: Executor,
  filter: DirectoryFilter,
  page: { offset: number; limit: number },
  renderings: readonly Rendering[],
  witness: Witness = UNWITNESSED,
): Promise<DirectoryPage> {
  const now = clock.ms()
  const values: Record<string, unknown> = {}
  let anyLongitude = false
  if (filter.near) {
    const box = boundingBox(filter.near.latitude, filter.near.longitude, filter.near.miles)
    const bands: number[] = []
    for (let b = Math.trunc(box.minLat); b <= Math.trunc(box.maxLat); b++) bands.push(b)
    anyLongitude = box.minLng === null || box.maxLng === null
    Object.assign(values, { bands, min_lat: box.minLat, max_lat: box.maxLat, min_lng: box.minLng, max_lng: box.maxLng })
  }
  if (filter.id !== undefined) values.id = filter.id
  if (filter.state !== undefined) values.state = filter.state.toUpperCase()
  if (filter.city !== undefined) values.city = `${escapeLike(filter.city)}%`
  if (filter.postalCode !== undefined) values.postal_code = `${escapeLike(filter.postalCode)}%`
  if (filter.modifiedSince !== undefined) values.since = filter.modifiedSince
  if (filter.operatorId !== undefined) values.operator_id = filter.operatorId
  if (filter.careLevel) values.care_bit = 1 << CARE_LEVELS.indexOf(filter.careLevel)
  if (filter.funding) values.funding_bit = 1 << FUNDING_SOURCES.indexOf(filter.funding)
  if (filter.text !== undefined) values.text = `%${escapeLike(filter.text)}%`
  const shape: Shape = {
    id: filter.id !== undefined,
    near: !!filter.near,
    state: filter.state !== undefined,
    city: filter.city !== undefined,
    postalCode: filter.postalCode !== undefined,
    modifiedSince: filter.modifiedSince !== undefined,
    operatorId: filter.operatorId !== undefined,
    careLevel: !!filter.careLevel,
    funding: !!filter.funding,
    text: filter.text !== undefined,
    anyLongitude,
  }
  const read = statement<Candidate>(`directory:${shapeKey(shape)}`, () => candidatesSql(shape))
  const candidates = seen(witness, await read(db, values))
  const operators = await shownOperators(db, [...new Set(candidates.map((c) => c.operator_id))], now, witness)
  const listed: { c: Candidate; d: number | null }[] = []
  for (const c of candidates) {
    const shown = operators.get(c.operator_id)
    if (!shown || !(shown.premium || shown.first_rowid === c.rid)) continue
    if (!filter.near) listed.push({ c, d: null })
    else if (c.latitude !== null && c.longitude !== null) {
      const d = distanceMiles(filter.near.latitude, filter.near.longitude, c.latitude, c.longitude)
      if (d <= filter.near.miles) listed.push({ c, d })
    }
  }
  // A total order (the row id last), so pages never skip or repeat a home: nearest first, then newest first.
  listed.sort((a, b) => (a.d ?? 0) - (b.d ?? 0) || b.c.created_at - a.c.created_at || b.c.rid - a.c.rid)
  const slice = listed.slice(page.offset, page.offset + page.limit)
  const items = await rendered(db, slice, operators, now, witness, renderings)
  return { total: listed.length, items }
}


/**
 * The page's homes, in its order, as the renderings ask (the directory's FHIR
 * or HSDS JSON text of a home, from its public view: toPropertyView, the free
 * plan's one photo). Each home's text of each kind is one of the generation's
 * facts (search-cache.ts), kept until a commit or the clock ends it; its weight
 * is its length (one byte a character but for the rare non-Latin-1 text) and
 * its id. A home any of whose kinds is unknown is read again.
 */
async function rendered(
  db: Executor,
  page: readonly { c: Candidate; d: number | null }[],
  operators: Awaited<ReturnType<typeof shownOperators>>,
  now: number,
  witness: Witness,
  renderings: readonly Rendering[],
): Promise<RenderedHome[]> {
  if (page.length === 0) return []
  const facts = witness.facts(now)
  const known = new Map<number, RenderedHome>()
  for (const { c } of page) {
    const kept = renderings.map((r) => facts?.get(`directory ${r.kind} ${c.rid}`) as { id: string; text: string } | undefined)
    if (kept.every((k) => k !== undefined)) known.set(c.rid, { id: kept[0]!.id, texts: kept.map((k) => k!.text) })
  }
  const unknown = page.filter(({ c }) => !known.has(c.rid))
  if (unknown.length > 0) {
    const found = seen(witness, await readPageRows(db, { rids: unknown.map(({ c }) => c.rid) }))
    const keep = witness.facts(now)
    for (const r of found) {
      const { rid, operator_username, operator_first_name, operator_last_name, operator_organization_name, media_json, ...raw } = r
      const premium = !!operators.get(raw.operator_id)?.premium
      const name = { first_name: operator_first_name, last_name: operator_last_name, organization_name: operator_organization_name }
      const operator = { id: raw.operator_id, username: operator_username, name: displayName(name), premium }
      const media = (JSON.parse(media_json) as [MediaRow['kind'], string, string | null][]).map(([kind, storage_key, thumb_key]) => ({ property_id: raw.id, kind, storage_key, thumb_key }))
      const updated = Math.max(raw.updated_at, raw.beds_confirmed_at ?? 0)
      const home: DirectoryHome = { ...toPropertyView(fromRaw(raw), media, operator), updated_at: new Date(updated).toISOString() }
      const texts = renderings.map((k) => k.text(home))
      known.set(rid, { id: raw.id, texts })
      for (const [i, k] of renderings.entries()) keep?.set(`directory ${k.kind} ${rid}`, { id: raw.id, text: texts[i] }, 100 + texts[i]!.length)
    }
  }
  const items: RenderedHome[] = []
  for (const { c } of page) {
    const home = known.get(c.rid)
    if (home) items.push(home)
  }
  return items
}
