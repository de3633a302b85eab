import { createHash } from 'node:crypto'
import { publicUrl } from '../../env'
import { CARE_LEVEL_HINTS, CARE_LEVEL_LABELS, CARE_LEVELS, FUNDING_SOURCE_LABELS, FUNDING_SOURCES, type CareLevel, type FundingSource } from '../care'

/**
 * The directory's codes (ADR 032): the levels of care, the funding accepted
 * and the one service category, published as HSDS taxonomies with their terms
 * and as FHIR code systems. HSDS 3 wants UUIDs for every object, so the ids of
 * what has no row of its own (a term, a capacity, a unit) are name-based UUIDs
 * (version 5, RFC 9562) under Homeward's namespace: the same on every
 * instance and every day, so a consumer's copy stays keyed.
 */

/** Homeward's UUID namespace for the directory's derived ids (itself a v5 UUID of "homeward.directory" under the URL namespace). */
const NAMESPACE = '4b1d2a0e-3f59-5c55-9d0c-6a6f6d657761'

export function derivedId(name: string): string {
  const hash = createHash('sha1').update(Buffer.from(NAMESPACE.replace(/-/g, ''), 'hex')).update(name).digest()
  hash[6] = (hash[6]! & 0x0f) | 0x50
  hash[8] = (hash[8]! & 0x3f) | 0x80
  const hex = hash.subarray(0, 16).toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** Canonical URLs on this deployment's FHIR base: code systems and extension definitions live under it. */
export const fhirBase = () => `${publicUrl()}/fhir/r4`
export const codeSystem = (name: TaxonomyName) => `${fhirBase()}/CodeSystem/${name}`

export type TaxonomyName = 'homeward-care-level' | 'homeward-funding' | 'homeward-service-category'
export const SERVICE_CATEGORY = { code: 'group-home', display: 'Group home', description: 'A residential group home: a shared home with staff and beds for residents who need support.' } as const

export type Term = { id: string; taxonomy: TaxonomyName; code: string; name: string; description: string }
export type Taxonomy = { id: string; name: TaxonomyName; title: string; description: string; terms: readonly Term[] }

const term = (taxonomy: TaxonomyName, code: string, name: string, description: string): Term => ({ id: derivedId(`term ${taxonomy} ${code}`), taxonomy, code, name, description })

export const TAXONOMIES: readonly Taxonomy[] = [
  {
    id: derivedId('taxonomy homeward-care-level'),
    name: 'homeward-care-level',
    title: 'Homeward levels of care',
    description: 'The levels of care a group home on Homeward offers.',
    terms: CARE_LEVELS.map((c) => term('homeward-care-level', c, CARE_LEVEL_LABELS[c], `${CARE_LEVEL_LABELS[c]}: ${CARE_LEVEL_HINTS[c]}.`)),
  },
  {
    id: derivedId('taxonomy homeward-funding'),
    name: 'homeward-funding',
    title: 'Homeward funding accepted',
    description: 'The ways of paying a group home on Homeward accepts.',
    terms: FUNDING_SOURCES.map((f) => term('homeward-funding', f, FUNDING_SOURCE_LABELS[f], `Accepts ${FUNDING_SOURCE_LABELS[f]}.`)),
  },
  {
    id: derivedId('taxonomy homeward-service-category'),
    name: 'homeward-service-category',
    title: 'Homeward service categories',
    description: 'The kinds of service Homeward lists.',
    terms: [term('homeward-service-category', SERVICE_CATEGORY.code, SERVICE_CATEGORY.display, SERVICE_CATEGORY.description)],
  },
]

export const TERMS: readonly Term[] = TAXONOMIES.flatMap((t) => t.terms)
const termsById = new Map(TERMS.map((t) => [t.id, t]))
export const termById = (id: string) => termsById.get(id)
export const termOf = (taxonomy: TaxonomyName, code: string) => TERMS.find((t) => t.taxonomy === taxonomy && t.code === code)!

/** What a term (or a FHIR token) asks of a home: one of its levels of care, a funding it accepts, or nothing (every home is a group home). */
export type TermFilter = { careLevel?: CareLevel; funding?: FundingSource }
export function filterOfTerm(t: Term): TermFilter {
  if (t.taxonomy === 'homeward-care-level') return { careLevel: t.code as CareLevel }
  if (t.taxonomy === 'homeward-funding') return { funding: t.code as FundingSource }
  return {}
}

/** The unit of every capacity: a bed. */
export const BED_UNIT = { id: derivedId('unit bed'), name: 'bed', scheme: 'homeward', identifier: 'bed' } as const
