import { z } from 'zod'

/** A FHIR base URL as an EHR announces it in `iss`: http(s), no query or fragment, no trailing slash. */
export const issField = z
  .string()
  .trim()
  .min(1, 'The FHIR base URL is required')
  .max(500)
  .refine((v) => {
    try {
      const u = new URL(v)
      return (u.protocol === 'https:' || u.protocol === 'http:') && !u.search && !u.hash && !u.username
    } catch {
      return false
    }
  }, 'Enter the FHIR base URL, e.g. https://fhir.hospital.example/api/FHIR/R4')
  .transform((v) => v.replace(/\/+$/, ''))

const originField = z
  .string()
  .trim()
  .refine((v) => {
    try {
      const u = new URL(v)
      return (u.protocol === 'https:' || u.protocol === 'http:') && u.origin === v.replace(/\/$/, '')
    } catch {
      return false
    }
  }, 'An origin is a scheme and host only, e.g. https://ehr.hospital.example')
  .transform((v) => new URL(v).origin)

/** Registering an EHR (admin dashboard and `homeward smart-ehrs add`). */
export const addEhrSchema = z
  .object({
    iss: issField,
    client_id: z.string().trim().min(1, 'The client ID is required').max(300),
    client_auth: z.enum(['public', 'secret', 'jwks']).default('public'),
    client_secret: z.string().min(1).max(1000).optional(),
    frame_origins: z.array(originField).max(10).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.client_auth === 'secret' && !v.client_secret) ctx.addIssue({ code: 'custom', path: ['client_secret'], message: 'A confidential client with a secret needs the secret' })
    if (v.client_auth !== 'secret' && v.client_secret) ctx.addIssue({ code: 'custom', path: ['client_secret'], message: 'Only a client authenticating with a secret takes one' })
  })
export type AddEhrInput = z.input<typeof addEhrSchema>

/** A registered EHR as the admin sees it: never the secret or the private key. */
export const smartEhrSchema = z.object({
  id: z.string(),
  iss: z.string(),
  client_id: z.string(),
  client_auth: z.enum(['public', 'secret', 'jwks']),
  frame_origins: z.array(z.string()),
  jwks_url: z.string().nullable().describe("Where the EHR reads Homeward's public key (client_auth jwks)"),
  created_at: z.string().describe('ISO 8601'),
})
export const smartEhrListSchema = z.object({ items: z.array(smartEhrSchema), launch_url: z.string(), redirect_url: z.string() })
export const smartEhrAddedSchema = z.object({ ehr: smartEhrSchema })
