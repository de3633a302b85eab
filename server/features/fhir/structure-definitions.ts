import { publicUrl } from '../../env'

/**
 * Homeward's extensions of a referral (ADR 041): the form's answers that R4,
 * US Core and Gravity SDOH Clinical Care have no element for. Each is served
 * as a StructureDefinition at /fhir/r4/StructureDefinition/<id> (its
 * canonical URL) and listed in the CapabilityStatement; all sit on the
 * referral's ServiceRequest, the order that carries the form's answers.
 *
 * A simple extension has one value; a complex one has named parts, each a
 * sub-extension with one value (the same shape as the directory's, ADR 032).
 */
export type ValueType = 'boolean' | 'integer' | 'unsignedInt' | 'date' | 'string' | 'Coding' | 'Address' | 'ContactPoint'
type Part = { name: string; type: ValueType; short: string }
export type ExtensionDefinition = {
  id: string
  title: string
  description: string
  /** The ServiceRequest may carry it once (1) or several times (*). */
  max: '1' | '*'
} & ({ value: ValueType; parts?: never } | { parts: readonly Part[]; value?: never })

export const REFERRAL_EXTENSIONS = {
  preferredLocation: {
    id: 'referral-preferred-location',
    title: 'Preferred location',
    description:
      "Where the client wishes to live: the form's preferred state (required) and, for each preferred city, one more repetition with the city and its state. R4's ServiceRequest.locationCode is a kind of place (a role type), not a place, and locationReference would need Location resources that describe homes, not wishes.",
    max: '*',
    value: 'Address',
  },
  referralSource: {
    id: 'referral-source',
    title: 'Referral source',
    description: 'How the referral came to Homeward, as the referrer typed it (free text, at most 200 characters).',
    max: '1',
    value: 'string',
  },
  legal: {
    id: 'referral-legal-history',
    title: 'Legal history',
    description:
      "The form's Emergency & Legal answers about the criminal justice system: pending cases, current probation, previous involvement (each yes or no; a part left out is unanswered) and the client's criminal justice contact (name, phone).",
    max: '1',
    parts: [
      { name: 'pendingCases', type: 'boolean', short: 'Pending legal cases' },
      { name: 'currentProbation', type: 'boolean', short: 'Currently on probation or parole' },
      { name: 'previousInvolvement', type: 'boolean', short: 'Previous criminal justice involvement' },
      { name: 'contactName', type: 'string', short: 'Criminal justice contact: name' },
      { name: 'contactPhone', type: 'ContactPoint', short: 'Criminal justice contact: phone' },
    ],
  },
  substanceUse: {
    id: 'referral-substance-use',
    title: 'Substance use and recovery',
    description:
      "The form's recovery answers: whether the client attends AA/NA (yes or no), meetings per week, the date of last use and the length of sobriety as typed. A part left out is unanswered.",
    max: '1',
    parts: [
      { name: 'attendsMutualSupport', type: 'boolean', short: 'Attends AA/NA meetings' },
      { name: 'meetingsPerWeek', type: 'unsignedInt', short: 'AA/NA meetings per week (0-50)' },
      { name: 'lastUseDate', type: 'date', short: 'Date of last use' },
      { name: 'sobrietyLength', type: 'string', short: 'Length of sobriety, as typed' },
    ],
  },
  income: {
    id: 'referral-income',
    title: 'Income',
    description: "The client's income: its source as typed and how many people, and how many minors, depend on it (0-20).",
    max: '1',
    parts: [
      { name: 'source', type: 'string', short: 'Income source' },
      { name: 'peopleDependent', type: 'unsignedInt', short: 'People dependent on the income' },
      { name: 'minorsDependent', type: 'unsignedInt', short: 'Minors dependent on the income' },
    ],
  },
  benefit: {
    id: 'referral-benefit',
    title: 'Benefit received',
    description:
      'One benefit the client receives (SSI, SSDI, Medicaid, Medicare, SNAP, VA Benefits, Housing Assistance, Other), coded in urn:homeward:fhir:benefit. Coverage says who pays for care; income benefits such as SSI or SNAP are not coverage.',
    max: '*',
    value: 'Coding',
  },
  medicaidStatus: {
    id: 'referral-medicaid-status',
    title: 'Medicaid status',
    description:
      "The client's Medicaid enrollment as the form asks it (active, pending, not-enrolled, unknown), coded in urn:homeward:fhir:medicaid-status. A Coverage says active or draft; \"not enrolled\" and \"unknown\" have no Coverage to carry them.",
    max: '1',
    value: 'Coding',
  },
} as const satisfies Record<string, ExtensionDefinition>

const ALL: readonly ExtensionDefinition[] = Object.values(REFERRAL_EXTENSIONS)
export const REFERRAL_EXTENSION_IDS = ALL.map((d) => d.id)
export const referralExtensionById = (id: string) => ALL.find((d) => d.id === id)

/** The canonical URL: where the definition is served. */
export const extensionUrl = (d: ExtensionDefinition) => `${publicUrl()}/fhir/r4/StructureDefinition/${d.id}`

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1)
/** The JSON property of a value of this type (valueBoolean, valueAddress…). */
export const valueKey = (type: ValueType) => `value${cap(type)}`

/** The extension's StructureDefinition (R4): a constraint on Extension with a differential. */
export function structureDefinition(d: ExtensionDefinition) {
  const url = extensionUrl(d)
  const element = (id: string, rest: object) => ({ id, path: id.replace(/:[^.]+/g, ''), ...rest })
  const body = d.parts
    ? [
        element('Extension.extension', { slicing: { discriminator: [{ type: 'value', path: 'url' }], rules: 'closed' }, min: 0 }),
        ...d.parts.flatMap((p) => [
          element(`Extension.extension:${p.name}`, { sliceName: p.name, short: p.short, definition: p.short, min: 0, max: '1' }),
          element(`Extension.extension:${p.name}.extension`, { max: '0' }),
          element(`Extension.extension:${p.name}.url`, { fixedUri: p.name }),
          element(`Extension.extension:${p.name}.value[x]`, { min: 1, type: [{ code: p.type }] }),
        ]),
        element('Extension.url', { fixedUri: url }),
        element('Extension.value[x]', { max: '0' }),
      ]
    : [element('Extension.extension', { max: '0' }), element('Extension.url', { fixedUri: url }), element('Extension.value[x]', { min: 1, type: [{ code: d.value }] })]
  return {
    resourceType: 'StructureDefinition',
    id: d.id,
    url,
    version: '1.0.0',
    name: d.title.replace(/\W/g, ''),
    title: d.title,
    status: 'active',
    publisher: 'Homeward',
    description: d.description,
    fhirVersion: '4.0.1',
    kind: 'complex-type',
    abstract: false,
    context: [{ type: 'element', expression: 'ServiceRequest' }],
    type: 'Extension',
    baseDefinition: 'http://hl7.org/fhir/StructureDefinition/Extension',
    derivation: 'constraint',
    differential: { element: [element('Extension', { short: d.title, definition: d.description, min: 0, max: d.max }), ...body] },
  }
}

type Value = string | number | boolean | object
/** A simple extension's instance. */
export function simpleExtension(d: ExtensionDefinition & { value: ValueType }, value: Value) {
  return { url: extensionUrl(d), [valueKey(d.value)]: value }
}

/** A complex extension's instance: one sub-extension per part given (null and undefined are left out); none → null. */
export function complexExtension(d: ExtensionDefinition & { parts: readonly Part[] }, values: Record<string, Value | null | undefined>) {
  const parts = d.parts.filter((p) => values[p.name] !== null && values[p.name] !== undefined).map((p) => ({ url: p.name, [valueKey(p.type)]: values[p.name] }))
  return parts.length ? { url: extensionUrl(d), extension: parts } : null
}

type Ext = { url?: string; extension?: Ext[]; [value: string]: unknown }

/** The instances of an extension on a resource (matched by canonical URL, or by its id at any Homeward base: an export of another instance reads too). */
export function extensionsOf(resource: { [field: string]: unknown }, d: ExtensionDefinition): Ext[] {
  const list = Array.isArray(resource.extension) ? (resource.extension as Ext[]) : []
  return list.filter((e) => typeof e.url === 'string' && (e.url === extensionUrl(d) || e.url.endsWith(`/fhir/r4/StructureDefinition/${d.id}`)))
}

/** A simple extension's value, or undefined. */
export function extensionValue<T>(e: Ext | undefined, type: ValueType): T | undefined {
  return e?.[valueKey(type)] as T | undefined
}

/** A complex extension's part value, or undefined. */
export function partOf<T>(e: Ext | undefined, name: string, type: ValueType): T | undefined {
  return e?.extension?.find((p) => p.url === name)?.[valueKey(type)] as T | undefined
}
