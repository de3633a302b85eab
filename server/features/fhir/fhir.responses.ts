import { z } from 'zod'
import { createReferralSchema } from '../referrals/referrals.schemas'

/** Response bodies of the FHIR routes (OpenAPI; the services' return values; ADR 026). */

const draftValue = z.union([z.string(), z.array(z.string())])
const formFields = Object.keys(createReferralSchema.shape) as (keyof typeof createReferralSchema.shape)[]

/** The referral form's answers an import fills: exactly the form's field names, each optional. */
export const importedDraftSchema = z.object(Object.fromEntries(formFields.map((f) => [f, draftValue.optional()])) as Record<(typeof formFields)[number], z.ZodOptional<typeof draftValue>>)

export const healthRecordImportSchema = z.object({
  draft: importedDraftSchema,
  imported: z.array(z.string()).describe('The form fields the record filled'),
  race_ethnicity: z
    .object({ client_race: z.string().optional(), client_ethnicity: z.string().optional() })
    .describe('Race and ethnicity the record states (US Core extensions): kept apart from the draft, added to the referral only if the referrer chooses to include them'),
  skipped: z
    .array(z.object({ resourceType: z.string(), count: z.number().int(), reason: z.string() }))
    .describe('What was not used, by resource type (or "Field" for a value cut or left out), and why'),
  documents: z
    .array(z.object({ title: z.string(), content_type: z.string(), data: z.string().describe('Base64, as in the record') }))
    .describe("DocumentReference attachments the browser uploads as the referral's documents once it is submitted"),
})
export type HealthRecordImport = z.infer<typeof healthRecordImportSchema>

/** Any FHIR R4 resource (the export's Bundle, the CapabilityStatement): described by the R4 definitions, not here. */
export const fhirResourceSchema = z.looseObject({ resourceType: z.string() }).describe('A FHIR R4 resource (application/fhir+json)')
