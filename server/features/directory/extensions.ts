import { fhirBase } from './directory-codes'

/**
 * Homeward's FHIR extensions (ADR 032), served as StructureDefinitions at
 * /fhir/r4/StructureDefinition/<id> and listed in the CapabilityStatement.
 * R4's HealthcareService and Location have no element for a count of open
 * beds, and neither the Plan-Net nor the Human Services Directory guide
 * defines one; SDOH Clinical Care's capacity-status extension says whether a
 * service takes new clients, not how many beds are open, so the count is ours:
 * the same three facts as HSDS 3.1's service_capacity (available, maximum,
 * updated).
 */

type Part = { name: string; type: 'integer' | 'dateTime' | 'code' | 'string'; min: 0 | 1; max: '1' | '*'; short: string }
type Definition = { id: string; title: string; description: string; context: string[]; parts: Part[] }

export const EXTENSIONS = {
  bedAvailability: {
    id: 'bed-availability',
    title: 'Bed availability',
    description:
      "A group home's beds: how many are open now (available), how many it has (maximum) and when its operator last confirmed the count (confirmed; absent when never confirmed since the home was listed).",
    context: ['HealthcareService', 'Location'],
    parts: [
      { name: 'available', type: 'integer', min: 1, max: '1', short: 'Open beds now' },
      { name: 'maximum', type: 'integer', min: 1, max: '1', short: 'Beds of the home' },
      { name: 'confirmed', type: 'dateTime', min: 0, max: '1', short: 'When the operator last confirmed the count' },
    ],
  },
  operatorStanding: {
    id: 'operator-standing',
    title: 'Operator standing',
    description:
      "What Homeward shows about a group-home operator on its public profile: its licensing (licensed, in_progress, unlicensed), whether an admin verified its licence proof (verification), and the badges it earned from data (badge).",
    context: ['Organization'],
    parts: [
      { name: 'licensing', type: 'code', min: 1, max: '1', short: 'licensed | in_progress | unlicensed' },
      { name: 'verification', type: 'code', min: 1, max: '1', short: 'unverified | pending | verified | rejected' },
      { name: 'badge', type: 'code', min: 0, max: '*', short: 'verified | premium | top_rated | quick_response' },
    ],
  },
} as const satisfies Record<string, Definition>

export const extensionUrl = (d: Definition) => `${fhirBase()}/StructureDefinition/${d.id}`
const definitions: readonly Definition[] = Object.values(EXTENSIONS)
export const extensionById = (id: string) => definitions.find((d) => d.id === id)

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1)

/** The complex extension's StructureDefinition: a differential naming each part (a sub-extension with one value). */
export function structureDefinition(d: Definition) {
  const url = extensionUrl(d)
  const element = (id: string, rest: object) => ({ id, path: id.replace(/:[^.]+/g, ''), ...rest })
  return {
    resourceType: 'StructureDefinition',
    id: d.id,
    url,
    name: d.title.replace(/\W/g, ''),
    title: d.title,
    status: 'active',
    publisher: 'Homeward',
    description: d.description,
    fhirVersion: '4.0.1',
    kind: 'complex-type',
    abstract: false,
    context: d.context.map((expression) => ({ type: 'element', expression })),
    type: 'Extension',
    baseDefinition: 'http://hl7.org/fhir/StructureDefinition/Extension',
    derivation: 'constraint',
    differential: {
      element: [
        element('Extension', { short: d.title, definition: d.description, min: 0, max: '1' }),
        ...d.parts.flatMap((p) => [
          element(`Extension.extension:${p.name}`, { sliceName: p.name, short: p.short, definition: p.short, min: p.min, max: p.max }),
          element(`Extension.extension:${p.name}.url`, { fixedUri: p.name }),
          element(`Extension.extension:${p.name}.value[x]`, { min: 1, type: [{ code: p.type }] }),
        ]),
        element('Extension.url', { fixedUri: url }),
        element('Extension.value[x]', { max: '0' }),
      ],
    },
  }
}

/** An instance of a complex extension: one sub-extension per given part value. */
export function extension(d: Definition, values: Record<string, string | number | readonly string[] | null | undefined>) {
  const parts: object[] = []
  for (const p of d.parts) {
    const value = values[p.name]
    if (value === null || value === undefined) continue
    for (const v of Array.isArray(value) ? value : [value]) parts.push({ url: p.name, [`value${cap(p.type)}`]: v })
  }
  return { url: extensionUrl(d), extension: parts }
}
