import { publicUrl } from '../../env'
import type { DirectoryOperator } from '../operators'
import type { DirectoryHome } from '../properties'
import { SPOKEN_LANGUAGE_NAMES } from '../care'
import { BED_UNIT, derivedId, termOf, type Term } from './directory-codes'
import { withArray } from './json-text'
import { homePage } from './to-fhir'

/**
 * A published home as Open Referral HSDS 3.1 objects (ADR 032): one service
 * per home (its levels of care and funding as attributes, its beds as a
 * capacity), delivered at one location (the home) with one address, linked by
 * one service_at_location; the languages its staff speak on both the service
 * and the location. Each of these is one per home, so each takes the
 * home's UUID (ids are unique within a type, as the specification asks), and
 * a radius search hashes nothing; an attribute (a home × a term) gets a
 * name-based id (derivedId). Absent values are left out, never null: the
 * schemas type every field.
 */

const defined = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null && v !== '')) as T

export const HSDS_VERSION = '3.1'

export function toTaxonomyTerm(t: Term) {
  return { id: t.id, code: t.code, name: t.name, description: t.description, taxonomy: t.taxonomy, taxonomy_id: derivedId(`taxonomy ${t.taxonomy}`), language: 'en' }
}

function attributes(home: DirectoryHome) {
  const terms = [
    termOf('homeward-service-category', 'group-home'),
    ...home.care_levels.map((c) => termOf('homeward-care-level', c)),
    ...home.funding_accepted.map((f) => termOf('homeward-funding', f)),
  ]
  return terms.map((t) => ({
    id: derivedId(`attribute ${home.id} ${t.id}`),
    link_id: home.id,
    link_type: 'service',
    link_entity: 'service',
    taxonomy_term_id: t.id,
    taxonomy_term: toTaxonomyTerm(t),
    label: t.name,
  }))
}

/**
 * The languages the home's staff speak, as HSDS `language` objects of the
 * service or of the location (`code` ISO 639-1, or 639-3 where there is none:
 * `ase`). One per home × language × owner: a name-based id.
 */
export function languages(home: DirectoryHome, of: 'service' | 'location') {
  return home.languages.map((code) => ({
    id: derivedId(`language ${of} ${home.id} ${code}`),
    ...(of === 'service' ? { service_id: home.id } : { location_id: home.id }),
    name: SPOKEN_LANGUAGE_NAMES[code],
    code,
  }))
}

/** The home's beds as HSDS's service_capacity: `updated` is the operator's last confirmation, else the home's last change (when the count was set). */
export function capacity(home: DirectoryHome) {
  return {
    id: home.id,
    service_id: home.id,
    unit: BED_UNIT,
    unit_id: BED_UNIT.id,
    available: home.available_beds,
    maximum: home.total_beds,
    description: home.beds_confirmed_at ? 'Open beds, as the operator last confirmed them' : 'Open beds, as the operator listed them (not confirmed since)',
    updated: home.beds_confirmed_at ?? home.updated_at,
  }
}

export function toLocation(home: DirectoryHome) {
  return {
    ...locationFields(home),
    languages: languages(home, 'location'),
    addresses: [
      { id: home.id, location_id: home.id, address_1: home.address, city: home.city, state_province: home.state, postal_code: home.zip_code, country: 'US', address_type: 'physical' },
    ],
  }
}

/** The service's own fields: a list item (service_list), with its capacities (the point of the feed). */
function serviceFields(home: DirectoryHome) {
  return defined({
    id: home.id,
    organization_id: home.operator_id,
    name: home.name,
    description: home.description ?? undefined,
    url: homePage(home.id),
    status: 'active',
    application_process: `A referral through Homeward: POST ${publicUrl()}/api/referrals, or the form at ${publicUrl()}/submit-referral`,
    fees_description: home.monthly_fee ? `${home.monthly_fee} a month` : undefined,
    eligibility_description: home.demographics_served.length > 0 ? `Serves: ${home.demographics_served.join(', ')}` : undefined,
    licenses: home.license_number ? `${home.license_number} (${home.licensing_type.replace('_', ' ')})` : undefined,
    last_modified: home.updated_at,
  })
}

export function toServiceListItem(home: DirectoryHome) {
  return { ...serviceFields(home), organization: { id: home.operator_id, name: home.operator.name, description: `Operator of ${home.name} on Homeward` }, capacities: [capacity(home)] }
}

export function toService(home: DirectoryHome) {
  return {
    ...serviceFields(home),
    organization: { id: home.operator_id, name: home.operator.name, description: `Operator of ${home.name} on Homeward` },
    phones: [],
    languages: languages(home, 'service'),
    capacities: [capacity(home)],
    attributes: attributes(home),
    service_at_locations: [{ id: home.id, service_id: home.id, location_id: home.id, location: toLocation(home) }],
  }
}

/** A list item's location: its own fields only (service_at_location_list), no addresses. */
function locationFields(home: DirectoryHome) {
  return defined({ id: home.id, location_type: 'physical', organization_id: home.operator_id, name: home.name, description: home.description ?? undefined, latitude: home.latitude ?? undefined, longitude: home.longitude ?? undefined })
}

export function toServiceAtLocationListItem(home: DirectoryHome) {
  const location = locationFields(home)
  return { id: home.id, service_id: home.id, location_id: home.id, service: toServiceListItem(home), location }
}

export function toServiceAtLocation(home: DirectoryHome) {
  const { service_at_locations: _, ...service } = toService(home)
  return { id: home.id, service_id: home.id, location_id: home.id, location: toLocation(home), service, attributes: attributes(home) }
}

export function toOrganization(o: DirectoryOperator) {
  return defined({
    id: o.id,
    name: o.name,
    description: o.bio ?? `Group-home operator on Homeward (${o.licensing_type.replace('_', ' ')})`,
    website: o.username ? `${publicUrl()}/operator/${encodeURIComponent(o.username)}` : undefined,
    legal_status: undefined,
  })
}

/** The API reference's Page fields. */
export function pageFields(size: number, total: number, pageNumber: number, perPage: number) {
  const totalPages = Math.ceil(total / perPage)
  return { total_items: total, total_pages: totalPages, page_number: pageNumber, size, first_page: pageNumber === 1, last_page: pageNumber >= totalPages, empty: total === 0 }
}

/** The API reference's Page around `contents`. */
export const page = <T>(contents: readonly T[], total: number, pageNumber: number, perPage: number) => ({ ...pageFields(contents.length, total, pageNumber, perPage), contents })

/** The same, as JSON text, `contents` being JSON texts already (directoryHomes' renderings). */
export const pageText = (contents: readonly string[], total: number, pageNumber: number, perPage: number) =>
  withArray(pageFields(contents.length, total, pageNumber, perPage), 'contents', contents)
