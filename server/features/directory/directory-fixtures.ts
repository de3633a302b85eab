import Ajv2020 from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { expect } from 'bun:test'
import type { ValidateFunction } from 'ajv'
import { validateR4 } from '../fhir/r4-validator'
import openapi from './hsds/openapi.json'
import organization from './hsds/compiled/organization.json'
import organizationList from './hsds/compiled/organization_list.json'
import service from './hsds/compiled/service.json'
import serviceList from './hsds/compiled/service_list.json'
import serviceAtLocation from './hsds/compiled/service_at_location.json'
import serviceAtLocationList from './hsds/compiled/service_at_location_list.json'
import withDefinitions from './hsds/compiled/service_with_definitions.json'

/**
 * The directory's tests check every answer against the standards, offline:
 * each /hsds answer against the vendored HSDS 3.1 schemas (hsds/README.md),
 * each FHIR answer (and each resource of a searchset) against R4 (r4-validator.ts).
 */

let validators: Record<string, ValidateFunction> | null = null

/** The reference's Page with every field required, around `contents` of one item schema. */
const pageOf = (item: object) => ({
  type: 'object',
  allOf: [openapi.components.schemas.Page],
  required: ['total_items', 'total_pages', 'page_number', 'size', 'first_page', 'last_page', 'empty', 'contents'],
  properties: { contents: { type: 'array', items: item } },
})

function hsdsValidators() {
  if (validators) return validators
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  ajv.addSchema(withDefinitions, 'hsds-definitions')
  const def = (name: string) => ({ $ref: `hsds-definitions#/definitions/${name}` })
  const info = (openapi.paths['/'].get.responses['200'].content['application/json'] as { schema: object }).schema
  validators = {
    info: ajv.compile({ ...info, required: ['version', 'profile'] }),
    service: ajv.compile(service),
    services: ajv.compile(pageOf(serviceList)),
    servicesFull: ajv.compile(pageOf(service)),
    serviceAtLocation: ajv.compile(serviceAtLocation),
    serviceAtLocations: ajv.compile(pageOf(serviceAtLocationList)),
    serviceAtLocationsFull: ajv.compile(pageOf(serviceAtLocation)),
    organization: ajv.compile(organization),
    organizations: ajv.compile(pageOf(organizationList)),
    taxonomy: ajv.compile(def('taxonomy')),
    taxonomies: ajv.compile(pageOf(def('taxonomy'))),
    taxonomyTerm: ajv.compile(def('taxonomy_term')),
    taxonomyTerms: ajv.compile(pageOf(def('taxonomy_term'))),
  }
  return validators
}

/** Which schema an /hsds answer must meet, by its path (and `full`). */
function schemaFor(url: string): string {
  const { pathname, searchParams } = new URL(url, 'http://x')
  const full = searchParams.get('full') === 'true' || searchParams.get('full') === '1'
  const [, , resource, id] = pathname.split('/')
  const one = id !== undefined && id !== ''
  switch (resource) {
    case '':
    case undefined:
      return 'info'
    case 'services':
      return one ? 'service' : full ? 'servicesFull' : 'services'
    case 'service_at_locations':
      return one ? 'serviceAtLocation' : full ? 'serviceAtLocationsFull' : 'serviceAtLocations'
    case 'organizations':
      return one ? 'organization' : 'organizations'
    case 'taxonomies':
      return one ? 'taxonomy' : 'taxonomies'
    case 'taxonomy_terms':
      return one ? 'taxonomyTerm' : 'taxonomyTerms'
    default:
      throw new Error(`no HSDS schema for ${url}`)
  }
}

/** Fails the test when a 200 answer of /hsds does not validate against its HSDS 3.1 schema. */
export function expectValidHsds(url: string, body: unknown) {
  const validate = hsdsValidators()[schemaFor(url)]!
  const ok = validate(body)
  expect(ok ? [] : (validate.errors ?? []).slice(0, 5).map((e) => `${url}: ${e.instancePath} ${e.message}`)).toEqual([])
}

/** Fails the test when a FHIR answer, or any resource of its searchset, is not valid R4. */
export async function expectValidFhir(body: { resourceType: string; entry?: { resource: { resourceType: string } }[] }) {
  const issues = await validateR4(body)
  for (const [i, e] of (body.entry ?? []).entries()) issues.push(...(await validateR4(e.resource, `Bundle.entry[${i}].resource`)))
  expect(issues).toEqual([])
}

type Agent = { get: (path: string) => Promise<{ status: number; json: any; headers: Headers }> }

/** GET an /hsds path; a 200 is validated before it is returned. */
export async function hsds(agent: Agent, path: string) {
  const res = await agent.get(path)
  if (res.status === 200) expectValidHsds(path, res.json)
  return res
}

/** GET a /fhir/r4 path; a 200 is validated (and must be application/fhir+json) before it is returned. */
export async function fhir(agent: Agent, path: string) {
  const res = await agent.get(path)
  if (res.status === 200) {
    expect(res.headers.get('content-type')).toContain('application/fhir+json')
    await expectValidFhir(res.json)
  }
  return res
}
