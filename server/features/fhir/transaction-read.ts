import { AppError } from '../../errors'
import type { FhirResource, Located } from './fhir-types'
import { nestingDepth, RECORD_LIMITS } from './read-record'
import { validateR4 } from './r4-validator'

/**
 * A FHIR transaction Bundle read for POST /fhir/r4 (ADR 041): every entry a
 * `POST` of its own resource type, each resource valid R4, one Patient and one
 * ServiceRequest — or a refusal whose issues name the element.
 */

/** The resource types a referral is made of (the export's, and what an EHR says about the client). */
export const TRANSACTION_TYPES = new Set([
  'Patient', 'ServiceRequest', 'Task', 'Condition', 'MedicationStatement', 'MedicationRequest', 'Medication', 'AllergyIntolerance',
  'Coverage', 'RelatedPerson', 'Practitioner', 'PractitionerRole', 'Organization', 'DocumentReference',
])
const MAX_ISSUES = 20

export type TransactionEntry = Located & { index: number }

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** 400: not a transaction Bundle at all. */
const notABundle = (message: string, expression = 'Bundle') => new AppError('invalid_fhir', 400, message, { [expression]: message })
/** 422: a transaction Homeward cannot take, with one issue per element. */
export const refused = (message: string, fields: Record<string, string>) => new AppError('invalid_fhir', 422, message, fields)

export async function readTransaction(text: string): Promise<TransactionEntry[]> {
  if (nestingDepth(text, RECORD_LIMITS.depth) > RECORD_LIMITS.depth) throw notABundle(`The Bundle is nested more than ${RECORD_LIMITS.depth} levels deep.`)
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw notABundle('The body is not JSON: send a FHIR R4 Bundle as application/fhir+json.')
  }
  if (!isObject(json) || json.resourceType !== 'Bundle') throw notABundle('POST to the FHIR base takes a Bundle of type transaction.', 'resourceType')
  if (json.type !== 'transaction') {
    throw refused('Only a Bundle of type transaction is processed here (batch and others are not).', { 'Bundle.type': `Expected transaction, got ${String(json.type).slice(0, 40)}` })
  }
  const entries = json.entry
  if (!Array.isArray(entries) || entries.length === 0) throw refused('The transaction has no entries.', { 'Bundle.entry': 'A referral needs at least a Patient and a ServiceRequest' })
  if (entries.length > RECORD_LIMITS.entries) throw refused(`At most ${RECORD_LIMITS.entries} entries.`, { 'Bundle.entry': `More than ${RECORD_LIMITS.entries} entries` })

  const issues: Record<string, string> = {}
  const add = (location: string, message: string) => {
    if (Object.keys(issues).length < MAX_ISSUES) issues[location] ??= message
  }
  const out: TransactionEntry[] = []
  for (const [index, entry] of (entries as unknown[]).entries()) {
    const at = `Bundle.entry[${index}]`
    if (!isObject(entry) || !isObject(entry.resource) || typeof entry.resource.resourceType !== 'string') {
      add(`${at}.resource`, 'Each entry carries a resource')
      continue
    }
    const resource = entry.resource as FhirResource
    const type = resource.resourceType
    if (!TRANSACTION_TYPES.has(type)) {
      add(`${at}.resource.resourceType`, `A ${type.slice(0, 40)} is not part of a referral (${[...TRANSACTION_TYPES].join(', ')})`)
      continue
    }
    const request = isObject(entry.request) ? entry.request : {}
    if (request.method !== 'POST') add(`${at}.request.method`, 'Only POST (create) is supported in a transaction')
    else if (request.url !== type) add(`${at}.request.url`, `Expected "${type}" (the resource's type)`)
    out.push({ resource, location: `${at}.resource`, fullUrl: typeof entry.fullUrl === 'string' ? entry.fullUrl : undefined, index })
  }
  if (Object.keys(issues).length) throw refused('The transaction cannot be processed: see the issues.', issues)

  for (const e of out) {
    for (const issue of await validateR4(e.resource, e.location)) add(issue.location, issue.message)
    if (Object.keys(issues).length >= MAX_ISSUES) break
  }
  if (Object.keys(issues).length) throw refused('The Bundle is not valid FHIR R4: see the issues.', issues)

  const of = (type: string) => out.filter((e) => e.resource.resourceType === type)
  for (const type of ['Patient', 'ServiceRequest']) {
    const found = of(type)
    if (!found.length) add('Bundle.entry', `A referral needs one ${type}`)
    for (const extra of found.slice(1)) add(`Bundle.entry[${extra.index}]`, `A referral has one ${type}: this is a second one`)
  }
  for (const extra of of('Task').slice(1)) add(`Bundle.entry[${extra.index}]`, 'A referral has one Task: this is a second one')
  if (Object.keys(issues).length) throw refused('A referral is one Patient and one ServiceRequest.', issues)
  return out
}
