import type { FhirIssue } from './r4-validator'

/**
 * Required bindings of `code` elements (e.g. MedicationRequest.status), read
 * from the R4 StructureDefinitions and expanded from the R4 value sets and code
 * systems (valuesets.json). fhir.schema.json enumerates only some codes (the
 * data types' and a few resources'); this covers the resources' own elements.
 * A value set defined by a filter or by other value sets is not expanded: its
 * element is left unchecked rather than refused.
 */

type Element = { path: string; type?: { code: string }[]; binding?: { strength?: string; valueSet?: string } }
type StructureDefinition = { snapshot?: { element: Element[] } }
type Concept = { code: string; concept?: Concept[] }
type Terminology = { resourceType: string; url?: string; concept?: Concept[]; compose?: { include?: { system?: string; concept?: { code: string }[]; filter?: unknown[]; valueSet?: unknown[] }[] } }

/** element path (e.g. `MedicationRequest.status`) → the codes it allows. */
export type RequiredCodes = Map<string, Set<string>>

export function requiredCodes(definitions: StructureDefinition[], terminology: { entry: { resource: Terminology }[] }): RequiredCodes {
  const wanted = new Map<string, string[]>() // value set url → element paths
  for (const sd of definitions) {
    for (const el of sd.snapshot?.element ?? []) {
      if (el.binding?.strength !== 'required' || !el.binding.valueSet || el.type?.length !== 1 || el.type[0]!.code !== 'code') continue
      const url = el.binding.valueSet.split('|')[0]!
      wanted.set(url, [...(wanted.get(url) ?? []), el.path])
    }
  }
  const codeSystems = new Map<string, Concept[]>()
  const valueSets = new Map<string, Terminology>()
  for (const { resource } of terminology.entry) {
    if (resource.resourceType === 'CodeSystem' && resource.url) codeSystems.set(resource.url, resource.concept ?? [])
    if (resource.resourceType === 'ValueSet' && resource.url && wanted.has(resource.url)) valueSets.set(resource.url, resource)
  }
  const flatten = (concepts: Concept[]): string[] => concepts.flatMap((c) => [c.code, ...flatten(c.concept ?? [])])
  const out: RequiredCodes = new Map()
  for (const [url, paths] of wanted) {
    const includes = valueSets.get(url)?.compose?.include
    if (!includes?.length || includes.some((i) => i.filter?.length || i.valueSet?.length || (!i.concept && !codeSystems.has(i.system ?? '')))) continue
    const codes = new Set(includes.flatMap((i) => (i.concept ? i.concept.map((c) => c.code) : flatten(codeSystems.get(i.system!)!))))
    for (const path of paths) out.set(path, codes)
  }
  return out
}

/** Codes outside their required value set, walking the resource's own elements (backbone elements included). */
export function requiredCodeIssues(codes: RequiredCodes, value: unknown, elementPath: string, location: string, out: FhirIssue[], depth = 0) {
  if (depth > 64 || value === null || typeof value !== 'object') return
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) requiredCodeIssues(codes, item, elementPath, `${location}[${i}]`, out, depth + 1)
    return
  }
  for (const [key, child] of Object.entries(value)) {
    const path = `${elementPath}.${key}`
    const allowed = codes.get(path)
    if (allowed) {
      if (typeof child === 'string' && !allowed.has(child)) {
        out.push({ location: `${location}.${key}`, message: `Value "${child.slice(0, 40)}" is not one of the codes allowed here (${[...allowed].slice(0, 12).join(', ')})` })
      }
      continue
    }
    if (typeof child === 'object' && key !== 'contained') requiredCodeIssues(codes, child, path, `${location}.${key}`, out, depth + 1)
  }
}
