import { Hono } from 'hono'
import type { z } from 'zod'
import { notFound } from '../../errors'
import { fhirErrorHandler } from '../../lib/fhir-outcome'
import { validate } from '../../lib/validate'
import { CARE_LEVELS, FUNDING_SOURCES, type CareLevel, type FundingSource } from '../care'
import { directoryOperators } from '../operators'
import { directoryHomes, type DirectoryFilter, type RenderedHome, type Rendering } from '../properties'
import { codeSystem, SERVICE_CATEGORY } from './directory-codes'
import { cachedAnswer, directoryCache, openToOtherSites, rateLimited, type DirectoryEnv } from './directory-cache'
import { fhirIdParam, healthcareServiceSearchQuery, locationSearchQuery, organizationSearchQuery } from './directory.schemas'
import { extensionById, structureDefinition } from './extensions'
import { searchset, toHealthcareService, toLocation, toOrganization, type Entry } from './to-fhir'

/**
 * The FHIR R4 directory under /fhir/r4 (ADR 032): public, rate limited, the
 * public site's visibility (directoryHomes). Searchsets page with `_count` and
 * `_offset`; `link` next and previous are the same query moved.
 */
const FHIR_JSON = 'application/fhir+json; charset=utf-8'
const cached = directoryCache(FHIR_JSON)
const fhir = (value: unknown) => ({ body: JSON.stringify(value), type: FHIR_JSON })

/** A home's Location and HealthcareService as JSON text, rendered once per home and generation (directoryHomes). */
const LOCATION: Rendering = { kind: 'fhir Location', text: (home) => JSON.stringify(toLocation(home)) }
const SERVICE: Rendering = { kind: 'fhir HealthcareService', text: (home) => JSON.stringify(toHealthcareService(home)) }
const entries = (items: readonly RenderedHome[], types: readonly ('Location' | 'HealthcareService')[]) =>
  types.flatMap((type, i) => items.map((h): Entry => ({ type, id: h.id, text: h.texts[i]!, mode: i === 0 ? 'match' : 'include' })))

const NOT_FOUND = { Location: 'directory.noSuchLocation', HealthcareService: 'directory.noSuchHealthcareService', Organization: 'directory.noSuchFhirOrganization' } as const

/** One home's text by id, or a 404 (unknown, inactive, of a deleted account or hidden by the plan). */
async function oneHome(db: Parameters<typeof directoryHomes>[0], id: string, type: 'Location' | 'HealthcareService', witness: Parameters<typeof directoryHomes>[4]) {
  const { items } = await directoryHomes(db, { id }, { offset: 0, limit: 1 }, [type === 'Location' ? LOCATION : SERVICE], witness)
  if (!items[0]) throw notFound(NOT_FOUND[type])
  return items[0].texts[0]!
}

/** What a `service-category` and a `characteristic` token ask; null: nothing can match. */
function tokenFilters(q: z.output<typeof healthcareServiceSearchQuery>): Partial<DirectoryFilter> | null {
  const out: Partial<DirectoryFilter> = {}
  const category = q['service-category']
  if (category && (category.code !== SERVICE_CATEGORY.code || (category.system && category.system !== codeSystem('homeward-service-category')))) return null
  const c = q.characteristic
  if (c) {
    if ((CARE_LEVELS as readonly string[]).includes(c.code) && (!c.system || c.system === codeSystem('homeward-care-level'))) out.careLevel = c.code as CareLevel
    else if ((FUNDING_SOURCES as readonly string[]).includes(c.code) && (!c.system || c.system === codeSystem('homeward-funding'))) out.funding = c.code as FundingSource
    else return null
  }
  return out
}

export const fhirDirectoryRoutes = new Hono<DirectoryEnv>()
  .use('*', openToOtherSites, rateLimited)
  .get('/Location', cached, validate('query', locationSearchQuery), (c) => {
    const q = c.req.valid('query')
    return cachedAnswer(c, FHIR_JSON, async (witness) => {
      const filter: DirectoryFilter = { near: q.near, state: q['address-state'], city: q['address-city'], postalCode: q['address-postalcode'], operatorId: q.organization, modifiedSince: q._lastUpdated }
      const { total, items } = await directoryHomes(c.get('db'), filter, { offset: q._offset, limit: q._count }, q._revinclude ? [LOCATION, SERVICE] : [LOCATION], witness)
      return searchset(c.req.url, total, q._offset, q._count, entries(items, q._revinclude ? ['Location', 'HealthcareService'] : ['Location']))
    })
  })
  .get('/Location/:id', cached, validate('param', fhirIdParam), (c) =>
    cachedAnswer(c, FHIR_JSON, (witness) => oneHome(c.get('db'), c.req.valid('param').id, 'Location', witness)),
  )
  .get('/HealthcareService', cached, validate('query', healthcareServiceSearchQuery), (c) => {
    const q = c.req.valid('query')
    return cachedAnswer(c, FHIR_JSON, async (witness) => {
      const tokens = tokenFilters(q)
      const renderings = q._include ? [SERVICE, LOCATION] : [SERVICE]
      const filter = { ...tokens, id: q.location, operatorId: q.organization, modifiedSince: q._lastUpdated }
      const { total, items } = tokens ? await directoryHomes(c.get('db'), filter, { offset: q._offset, limit: q._count }, renderings, witness) : { total: 0, items: [] }
      return searchset(c.req.url, total, q._offset, q._count, entries(items, q._include ? ['HealthcareService', 'Location'] : ['HealthcareService']))
    })
  })
  .get('/HealthcareService/:id', cached, validate('param', fhirIdParam), (c) =>
    cachedAnswer(c, FHIR_JSON, (witness) => oneHome(c.get('db'), c.req.valid('param').id, 'HealthcareService', witness)),
  )
  .get('/Organization', validate('query', organizationSearchQuery), async (c) => {
    const q = c.req.valid('query')
    const { total, items } = await directoryOperators(c.get('db'), { name: q.name }, { offset: q._offset, limit: q._count })
    const entries = items.map((o): Entry => ({ type: 'Organization', id: o.id, text: JSON.stringify(toOrganization(o)), mode: 'match' }))
    return c.body(searchset(c.req.url, total, q._offset, q._count, entries), 200, { 'Content-Type': FHIR_JSON })
  })
  .get('/Organization/:id', validate('param', fhirIdParam), async (c) => {
    const { items } = await directoryOperators(c.get('db'), { id: c.req.valid('param').id }, { offset: 0, limit: 1 })
    if (!items[0]) throw notFound(NOT_FOUND.Organization)
    const { body, type } = fhir(toOrganization(items[0]))
    return c.body(body, 200, { 'Content-Type': type })
  })
  .get('/StructureDefinition/:id', validate('param', fhirIdParam), (c) => {
    const definition = extensionById(c.req.valid('param').id)
    if (!definition) throw notFound('directory.noSuchStructuredefinition')
    const { body, type } = fhir(structureDefinition(definition))
    return c.body(body, 200, { 'Content-Type': type })
  })
  // A FHIR client reads errors as OperationOutcome: a bad parameter names it (`expression`), an unknown id says so.
  .onError(fhirErrorHandler)
