/**
 * The few FHIR R4 shapes the import and export read and write, loosely typed:
 * every resource is validated against the R4 definitions (r4-validator.ts)
 * before it is read, so these only name what the mapping looks at.
 */
export type Coding = { system?: string; code?: string; display?: string }
export type CodeableConcept = { coding?: Coding[]; text?: string }
export type Reference = { reference?: string; type?: string; display?: string }
export type HumanName = { use?: string; text?: string; family?: string; given?: string[]; prefix?: string[] }
export type ContactPoint = { system?: string; value?: string; use?: string; rank?: number }
export type Address = { use?: string; text?: string; line?: string[]; city?: string; state?: string; postalCode?: string; country?: string }
export type Extension = { url: string; valueString?: string; valueCoding?: Coding; extension?: Extension[] }
export type Attachment = { contentType?: string; data?: string; url?: string; title?: string; size?: number }

/** Any resource, with the fields the mapping reads (all optional: which exist depends on the type). */
export type FhirResource = {
  resourceType: string
  id?: string
  [field: string]: unknown
}

/** A resource of the uploaded record, and where it sits in it (for messages: `Bundle.entry[3].resource`). */
export type Located = { resource: FhirResource; location: string; fullUrl?: string }

/** Homeward's own code systems (a URN: they name Homeward's lists, not a web page). */
export const HOMEWARD_SYSTEM = (name: string) => `urn:homeward:fhir:${name}`
