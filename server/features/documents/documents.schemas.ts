import { z } from 'zod'

/** Documents are at most 10 MB; pdf, doc, docx, jpg, jpeg, png. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024
export const NO_FILE_SELECTED = 'No file selected'
export const FILE_TOO_LARGE = 'File too large: Please select a file smaller than 10MB'
export const INVALID_FILE_TYPE = 'validation.documents.invalidFileType'
export const DOCUMENT_ACCEPT = '.pdf,.doc,.docx,.jpg,.jpeg,.png'
export const DESCRIPTION_MAX = 500

const flag = z
  .enum(['true', 'false', 'on', 'off', '1', '0', ''], { error: 'requires_signature must be true or false' })
  .optional()
  .transform((v) => v === 'true' || v === 'on' || v === '1')

/** The text fields of the multipart upload (the file is checked from its bytes). */
export const uploadDocumentFields = z.object({
  description: z
    .string({ error: 'Invalid description' })
    .trim()
    .max(DESCRIPTION_MAX, `Description must be ${DESCRIPTION_MAX} characters or less`)
    .optional()
    .transform((v) => v || null),
  requires_signature: flag,
  /**
   * Referrer only: the operator whose exchange receives the document. Empty
   * shares it with every operator who may see the referral (unlocked or
   * invited), now and later. Operators always upload into their own exchange.
   */
  operator_id: z
    .string({ error: 'Invalid operator' })
    .trim()
    .optional()
    .transform((v) => v || null)
    .pipe(z.string().uuid('Invalid operator').nullable()),
})

export const listDocumentsQuery = z.object({
  /** Referrer only: one operator's exchange (plus the documents shared with all operators). */
  operator_id: z.string().uuid('Invalid operator').optional(),
})
