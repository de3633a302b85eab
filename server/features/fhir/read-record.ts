import { AppError } from '../../errors'
import type { FhirResource, Located } from './fhir-types'
import type { FhirIssue } from './r4-validator'
import { keyed } from '../../i18n/keyed'

/** The uploaded record's limits (ADR 026): a hostile bundle is refused before it is walked. */
export const RECORD_LIMITS = {
  /** The body, in bytes (413 above it). */
  bytes: 20 * 1024 * 1024,
  /** Nesting of objects and arrays: real resources stay under 20; the validators recurse, so it is bounded first. */
  depth: 64,
  /** Entries of a Bundle: an EHR export of one patient has hundreds; this is far above it. */
  entries: 10_000,
} as const

export const BUNDLE_TYPES = ['transaction', 'collection', 'document', 'searchset', 'batch'] as const

/** 422 invalid_fhir: the message, and up to 20 issues each under its location. */
export function invalidFhir(message: string, issues: FhirIssue[] = []) {
  const fields: Record<string, string> = {}
  for (const issue of issues.slice(0, 20)) fields[issue.location] ??= issue.message
  return new AppError('invalid_fhir', 422, message, fields)
}

/**
 * The deepest nesting of a JSON text, counted before it is parsed (strings
 * skipped), so a deeply nested body never reaches JSON.parse or a recursive walk.
 */
export function nestingDepth(text: string, limit: number): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    if (inString) {
      if (ch === 92) i++ // backslash: skip the escaped character
      else if (ch === 34) inString = false
      continue
    }
    if (ch === 34) inString = true
    else if (ch === 123 || ch === 91) {
      depth++
      if (depth > deepest) deepest = depth
      if (deepest > limit) return deepest
    } else if (ch === 125 || ch === 93) depth--
  }
  return deepest
}

/** What the import says about a file that is not a FHIR record (one message per cause). */
export const RECORD_MESSAGES = {
  empty: 'fhir.fileEmpty',
  pdf: 'fhir.fileIsPdf',
  cutOff: 'fhir.recordCutOff',
  notJson: 'fhir.notJson',
} as const

/** A JSON text that ends inside a string or with brackets left open: the end of the file is missing. */
function isCutOff(text: string) {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    if (inString) {
      if (ch === 92) i++
      else if (ch === 34) inString = false
      continue
    }
    if (ch === 34) inString = true
    else if (ch === 123 || ch === 91) depth++
    else if (ch === 125 || ch === 93) depth--
  }
  return inString || depth > 0
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * The resources of an uploaded record: a Bundle of a type that carries
 * resources (transaction, collection, document, searchset, batch) or a single
 * Patient. Anything else is refused with 422 `invalid_fhir`.
 */
export function readRecord(text: string): Located[] {
  const start = text.replace(/^\uFEFF/, '').trimStart()
  // Three files that are not a record, each told apart: nothing in it, a PDF renamed .json, an export that stopped early.
  if (start === '') throw invalidFhir(RECORD_MESSAGES.empty)
  if (start.startsWith('%PDF-')) throw invalidFhir(RECORD_MESSAGES.pdf)
  if (nestingDepth(text, RECORD_LIMITS.depth) > RECORD_LIMITS.depth) {
    throw invalidFhir(keyed('fhir.nestedTooDeep', { max: RECORD_LIMITS.depth }))
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw invalidFhir(/^[{[]/.test(start) && isCutOff(start) ? RECORD_MESSAGES.cutOff : RECORD_MESSAGES.notJson)
  }
  if (!isObject(json) || typeof json.resourceType !== 'string') {
    throw invalidFhir('fhir.noResourceType', [{ location: 'resourceType', message: 'Missing' }])
  }
  if (json.resourceType === 'Patient') return [{ resource: json as FhirResource, location: 'Patient' }]
  if (json.resourceType !== 'Bundle') {
    throw invalidFhir(keyed('fhir.cannotStartReferral', { type: json.resourceType.slice(0, 40) }), [
      { location: 'resourceType', message: 'Expected Bundle or Patient' },
    ])
  }
  if (!BUNDLE_TYPES.includes(json.type as (typeof BUNDLE_TYPES)[number])) {
    throw invalidFhir(keyed('fhir.bundleTypeHoldsNoRecord', { type: String(json.type).slice(0, 40) }), [
      { location: 'Bundle.type', message: `Expected one of ${BUNDLE_TYPES.join(', ')}` },
    ])
  }
  const entries = json.entry ?? []
  if (!Array.isArray(entries)) throw invalidFhir('fhir.bundleNotValid', [{ location: 'Bundle.entry', message: 'Expected an array' }])
  if (entries.length > RECORD_LIMITS.entries) {
    throw invalidFhir(keyed('fhir.tooManyEntries', { count: entries.length, max: RECORD_LIMITS.entries }), [
      { location: 'Bundle.entry', message: `More than ${RECORD_LIMITS.entries} entries` },
    ])
  }
  const out: Located[] = []
  const issues: FhirIssue[] = []
  for (const [i, entry] of (entries as unknown[]).entries()) {
    const location = `Bundle.entry[${i}].resource`
    if (!isObject(entry)) {
      issues.push({ location: `Bundle.entry[${i}]`, message: 'Expected an object' })
      continue
    }
    if (entry.resource === undefined) continue // a searchset's or batch's entry may carry only a request or a response
    const resource = entry.resource
    if (!isObject(resource) || typeof resource.resourceType !== 'string') {
      issues.push({ location, message: 'Not a resource (no resourceType)' })
      continue
    }
    out.push({ resource: resource as FhirResource, location, fullUrl: typeof entry.fullUrl === 'string' ? entry.fullUrl : undefined })
  }
  if (issues.length) throw invalidFhir(keyed('fhir.bundleInvalidAt', { location: issues[0]!.location, issue: issues[0]!.message }), issues)
  return out
}
