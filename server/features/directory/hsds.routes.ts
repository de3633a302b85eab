import { type Context, Hono } from 'hono'
import { invalid, notFound } from '../../errors'
import { publicUrl } from '../../env'
import { validate } from '../../lib/validate'
import { lookupZip } from '../geo'
import { directoryOperators } from '../operators'
import { directoryHomes, type DirectoryFilter, type Rendering, type Witness } from '../properties'
import { filterOfTerm, TAXONOMIES, termById, TERMS } from './directory-codes'
import { cachedAnswer, directoryCache, openToOtherSites, rateLimited, type DirectoryEnv } from './directory-cache'
import {
  hsdsIdParam,
  hsdsOrganizationsQuery,
  hsdsServiceAtLocationsQuery,
  hsdsServicesQuery,
  hsdsTaxonomiesQuery,
  hsdsTaxonomyTermsQuery,
  METRES_PER_MILE,
} from './directory.schemas'
import openapi from './hsds/openapi.json'
import { HSDS_VERSION, page, pageText, toOrganization, toService, toServiceAtLocation, toServiceAtLocationListItem, toServiceListItem, toTaxonomyTerm } from './to-hsds'

/**
 * The Open Referral HSDS 3.1 API under /hsds (ADR 032): public, rate limited,
 * the public site's visibility (directoryHomes). Lists are the API reference's
 * Page; their filters are cumulative (AND).
 */
const JSON_TYPE = 'application/json; charset=utf-8'
const cached = directoryCache(JSON_TYPE)

/** Each rendering of a home as JSON text, once per home and generation (directoryHomes). */
const rendering = (kind: string, render: (home: Parameters<Rendering['text']>[0]) => unknown): Rendering => ({ kind, text: (home) => JSON.stringify(render(home)) })
const TEXTS = {
  service: rendering('hsds service', toService),
  serviceItem: rendering('hsds service item', toServiceListItem),
  serviceAtLocation: rendering('hsds service_at_location', toServiceAtLocation),
  serviceAtLocationItem: rendering('hsds service_at_location item', toServiceAtLocationListItem),
}

type ServicesQuery = { search?: string; taxonomy_term_id?: string; organization_id?: string; modified_after?: number }

/** The filters of a services or service_at_locations list; null: nothing can match (an unknown taxonomy term). */
function filterOf(q: ServicesQuery): DirectoryFilter | null {
  const filter: DirectoryFilter = { text: q.search, operatorId: q.organization_id, modifiedSince: q.modified_after }
  if (q.taxonomy_term_id) {
    const term = termById(q.taxonomy_term_id)
    if (!term) return null
    Object.assign(filter, filterOfTerm(term))
  }
  return filter
}

/** A page of the homes as the reference's Page, each home rendered as asked. */
async function homesPage(db: Parameters<typeof directoryHomes>[0], filter: DirectoryFilter | null, q: { page: number; per_page: number }, render: Rendering, witness: Witness) {
  const { total, items } = filter ? await directoryHomes(db, filter, { offset: (q.page - 1) * q.per_page, limit: q.per_page }, [render], witness) : { total: 0, items: [] }
  return pageText(items.map((h) => h.texts[0]!), total, q.page, q.per_page)
}

async function oneHome(db: Parameters<typeof directoryHomes>[0], id: string, render: Rendering, witness: Witness, message: string) {
  const { items } = await directoryHomes(db, { id }, { offset: 0, limit: 1 }, [render], witness)
  if (!items[0]) throw notFound(message)
  return items[0].texts[0]!
}

/** A static list (taxonomies, terms) as a Page, filtered by `search` in the name or description. */
function staticPage<T extends { name: string; description: string }>(all: readonly T[], q: { page: number; per_page: number; search?: string }) {
  const needle = q.search?.toLowerCase()
  const found = needle ? all.filter((t) => `${t.name} ${t.description}`.toLowerCase().includes(needle)) : all
  return page(found.slice((q.page - 1) * q.per_page, q.page * q.per_page), found.length, q.page, q.per_page)
}

const taxonomy = (t: (typeof TAXONOMIES)[number]) => ({ id: t.id, name: t.name, description: `${t.title}: ${t.description}`, uri: `${publicUrl()}/fhir/r4/CodeSystem/${t.name}`, version: '1' })

/** GET /hsds/: what the API is (the reference's root: `version`, `profile`). */
const info = (c: Context<DirectoryEnv>) => c.json({ version: HSDS_VERSION, profile: 'https://docs.openreferral.org/en/latest/hsds/', openapi_url: `${publicUrl()}/hsds/openapi.json` })

const api = new Hono<DirectoryEnv>()
  .use('*', openToOtherSites, rateLimited)
  .get('/', info)
  // The API reference's own description (Open Referral, CC BY-SA 4.0: hsds/README.md).
  .get('/openapi.json', (c) => c.json(openapi))
  .get('/services', cached, validate('query', hsdsServicesQuery), (c) => {
    const q = c.req.valid('query')
    return cachedAnswer(c, JSON_TYPE, (witness) => homesPage(c.get('db'), filterOf(q), q, q.full ? TEXTS.service : TEXTS.serviceItem, witness))
  })
  .get('/services/:id', cached, validate('param', hsdsIdParam), (c) =>
    cachedAnswer(c, JSON_TYPE, (witness) => oneHome(c.get('db'), c.req.valid('param').id, TEXTS.service, witness, 'directory.noSuchService')),
  )
  .get('/service_at_locations', cached, validate('query', hsdsServiceAtLocationsQuery), (c) => {
    const q = c.req.valid('query')
    return cachedAnswer(c, JSON_TYPE, async (witness) => {
      const filter = filterOf(q)
      if (filter && q.postcode !== undefined) {
        if (q.proximity === undefined) filter.postalCode = q.postcode
        else {
          const at = lookupZip(q.postcode)
          if (!at) throw invalid('directory.unknownPostcodeCentroidNeededProximity', { postcode: 'directory.unknownPostcode'})
          filter.near = { latitude: at.latitude, longitude: at.longitude, miles: q.proximity / METRES_PER_MILE }
        }
      }
      return homesPage(c.get('db'), filter, q, q.full ? TEXTS.serviceAtLocation : TEXTS.serviceAtLocationItem, witness)
    })
  })
  .get('/service_at_locations/:id', cached, validate('param', hsdsIdParam), (c) =>
    cachedAnswer(c, JSON_TYPE, (witness) => oneHome(c.get('db'), c.req.valid('param').id, TEXTS.serviceAtLocation, witness, 'directory.noSuchServiceAtLocation')),
  )
  .get('/organizations', validate('query', hsdsOrganizationsQuery), async (c) => {
    const q = c.req.valid('query')
    const { total, items } = await directoryOperators(c.get('db'), { name: q.search }, { offset: (q.page - 1) * q.per_page, limit: q.per_page })
    return c.json(page(items.map(toOrganization), total, q.page, q.per_page))
  })
  .get('/organizations/:id', validate('param', hsdsIdParam), async (c) => {
    const { items } = await directoryOperators(c.get('db'), { id: c.req.valid('param').id }, { offset: 0, limit: 1 })
    if (!items[0]) throw notFound('directory.noSuchOrganization')
    return c.json(toOrganization(items[0]))
  })
  .get('/taxonomies', validate('query', hsdsTaxonomiesQuery), (c) => c.json(staticPage(TAXONOMIES.map(taxonomy), c.req.valid('query'))))
  .get('/taxonomies/:id', validate('param', hsdsIdParam), (c) => {
    const found = TAXONOMIES.find((t) => t.id === c.req.valid('param').id)
    if (!found) throw notFound('directory.noSuchTaxonomy')
    return c.json(taxonomy(found))
  })
  .get('/taxonomy_terms', validate('query', hsdsTaxonomyTermsQuery), (c) => {
    const q = c.req.valid('query')
    const terms = q.taxonomy_id ? TERMS.filter((t) => toTaxonomyTerm(t).taxonomy_id === q.taxonomy_id) : TERMS
    return c.json(staticPage(terms.map(toTaxonomyTerm), q))
  })
  .get('/taxonomy_terms/:id', validate('param', hsdsIdParam), (c) => {
    const found = termById(c.req.valid('param').id)
    if (!found) throw notFound('directory.noSuchTaxonomyTerm')
    return c.json(toTaxonomyTerm(found))
  })

/** Mounted at the root by app.ts: /hsds and /hsds/ (a sub-router's '/' is only /hsds) are both the API's root; the sub-router's middleware (path /hsds/*) limits both. */
export const hsdsRoutes = new Hono<DirectoryEnv>().route('/hsds', api).get('/hsds/', info)
