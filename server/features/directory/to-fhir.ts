import { pageLinks } from '../../lib/fhir-paging'
import { publicUrl } from '../../env'
import { CARE_LEVEL_LABELS, FUNDING_SOURCE_LABELS, SPOKEN_LANGUAGE_NAMES, type CareLevel, type FundingSource, type SpokenLanguage } from '../care'
import type { DirectoryOperator } from '../operators'
import type { DirectoryHome } from '../properties'
import { codeSystem, fhirBase, SERVICE_CATEGORY } from './directory-codes'
import { EXTENSIONS, extension } from './extensions'
import { withArray } from './json-text'

/**
 * A published home as FHIR R4 resources (ADR 032), in the shape of the HL7
 * Plan-Net and Human Services Directory guides: the home is a Location (where)
 * and a HealthcareService (what: levels of care, funding accepted, eligibility,
 * the languages its staff speak, open beds), both with the home's id; its
 * operator is an Organization.
 */

export const homePage = (id: string) => `${publicUrl()}/property/${encodeURIComponent(id)}`
const absolute = (href: string) => new URL(href, publicUrl()).href

const bedAvailability = (home: DirectoryHome) =>
  extension(EXTENSIONS.bedAvailability, { available: home.available_beds, maximum: home.total_beds, confirmed: home.beds_confirmed_at })

const organizationRef = (home: DirectoryHome) => ({ reference: `Organization/${home.operator_id}`, display: home.operator.name })

export function toLocation(home: DirectoryHome) {
  return {
    resourceType: 'Location',
    id: home.id,
    meta: { lastUpdated: home.updated_at },
    extension: [bedAvailability(home)],
    status: 'active',
    name: home.name,
    ...(home.description ? { description: home.description } : {}),
    mode: 'instance',
    type: [{ text: SERVICE_CATEGORY.display }],
    telecom: [{ system: 'url', value: homePage(home.id) }],
    address: { use: 'work', type: 'physical', line: [home.address], city: home.city, state: home.state, postalCode: home.zip_code, country: 'US' },
    ...(home.latitude !== null && home.longitude !== null ? { position: { latitude: home.latitude, longitude: home.longitude } } : {}),
    managingOrganization: organizationRef(home),
  }
}

/**
 * A language the home's staff speak, as R4 codes languages (`urn:ietf:bcp:47`,
 * the CommonLanguages value set's system). R4's Location has no element for
 * languages; the HealthcareService's `communication` is the one (as Plan-Net has it).
 */
const languageConcept = (code: SpokenLanguage) => ({ coding: [{ system: 'urn:ietf:bcp:47', code, display: SPOKEN_LANGUAGE_NAMES[code] }], text: SPOKEN_LANGUAGE_NAMES[code] })

const careCoding = (c: CareLevel) => ({ system: codeSystem('homeward-care-level'), code: c, display: CARE_LEVEL_LABELS[c] })
const fundingCoding = (f: FundingSource) => ({ system: codeSystem('homeward-funding'), code: f, display: FUNDING_SOURCE_LABELS[f] })

/** Who a home takes, as its page says it: the groups it serves and the needs it accepts. */
function eligibility(home: DirectoryHome) {
  const accepted = [
    home.wheelchair_accessible && 'wheelchair users',
    home.sex_offender_friendly && 'residents on a sex-offender registry',
    home.medical_care_24_7 && 'residents who need medical care around the clock',
    home.pets_allowed && 'pets',
  ].filter(Boolean)
  const out: { code: { text: string }; comment: string }[] = []
  if (home.demographics_served.length > 0) out.push({ code: { text: 'Groups served' }, comment: home.demographics_served.join(', ') })
  if (accepted.length > 0) out.push({ code: { text: 'Needs accepted' }, comment: `Accepts ${accepted.join(', ')}` })
  return out
}

export function toHealthcareService(home: DirectoryHome) {
  const characteristic = [
    ...home.care_levels.map((c) => ({ coding: [careCoding(c as CareLevel)] })),
    ...home.funding_accepted.map((f) => ({ coding: [fundingCoding(f as FundingSource)] })),
  ]
  const rules = eligibility(home)
  return {
    resourceType: 'HealthcareService',
    id: home.id,
    meta: { lastUpdated: home.updated_at },
    extension: [bedAvailability(home)],
    ...(home.license_number ? { identifier: [{ type: { text: 'State licence number' }, value: home.license_number }] } : {}),
    active: true,
    providedBy: organizationRef(home),
    category: [{ coding: [{ system: codeSystem('homeward-service-category'), code: SERVICE_CATEGORY.code, display: SERVICE_CATEGORY.display }] }],
    ...(home.care_levels.length > 0 ? { type: home.care_levels.map((c) => ({ coding: [careCoding(c as CareLevel)] })) } : {}),
    location: [{ reference: `Location/${home.id}`, display: home.name }],
    name: home.name,
    ...(home.description ? { extraDetails: home.description } : {}),
    ...(home.monthly_fee ? { comment: `${home.monthly_fee} a month` } : {}),
    // The free plan shows one photo (toPropertyView), and R4 allows one here: the featured one.
    ...(home.featured_image ? { photo: { url: absolute(home.featured_image), title: home.name } } : {}),
    telecom: [{ system: 'url', value: homePage(home.id) }],
    ...(rules.length > 0 ? { eligibility: rules } : {}),
    ...(home.languages.length > 0 ? { communication: home.languages.map(languageConcept) } : {}),
    ...(characteristic.length > 0 ? { characteristic } : {}),
    // A referral is sent through Homeward (its referral form, POST /api/referrals): secure electronic messaging.
    referralMethod: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/service-referral-method', code: 'elec', display: 'Secure Messaging' }], text: `A referral through Homeward: POST ${publicUrl()}/api/referrals, or the form at ${publicUrl()}/submit-referral` }],
    appointmentRequired: false,
  }
}

export function toOrganization(o: DirectoryOperator) {
  return {
    resourceType: 'Organization',
    id: o.id,
    meta: { lastUpdated: o.updated_at },
    extension: [extension(EXTENSIONS.operatorStanding, { licensing: o.licensing_type, verification: o.verification_status, badge: o.badges.map((b) => b.key) })],
    active: true,
    type: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/organization-type', code: 'prov', display: 'Healthcare Provider' }] }],
    name: o.name,
    ...(o.username ? { telecom: [{ system: 'url', value: `${publicUrl()}/operator/${encodeURIComponent(o.username)}` }] } : {}),
  }
}

/** A searchset's entry: a resource's type, id and JSON text (kept per generation: directoryHomes' renderings), and why it is there. */
export type Entry = { type: string; id: string; text: string; mode: 'match' | 'include' }

/** A searchset: `total` across pages, `self` and exact `next`/`previous` links (the same query, moved `_offset`), as JSON text. */
export function searchset(requestUrl: string, total: number, offset: number, count: number, entries: readonly Entry[]): string {
  const link = pageLinks(requestUrl, total, offset, count)
  const base = fhirBase()
  const entry = entries.map((e) => `{"fullUrl":${JSON.stringify(`${base}/${e.type}/${e.id}`)},"resource":${e.text},"search":{"mode":"${e.mode}"}}`)
  return withArray({ resourceType: 'Bundle', type: 'searchset', total, link }, 'entry', entry)
}
