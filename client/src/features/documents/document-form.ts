import { z } from 'zod'
import { FILE_TOO_LARGE, MAX_DOCUMENT_BYTES, NO_FILE_SELECTED, uploadDocumentFields } from '@server/features/documents/documents.schemas'

/**
 * The upload form: the server's description field and file messages, plus
 * what only the browser has (the File, the checkbox as a boolean, the chosen
 * operator). The server checks the file again, from its bytes.
 */
export const documentFormSchema = z.object({
  file: z
    .instanceof(File, { error: NO_FILE_SELECTED })
    .nullable()
    .refine((file) => file !== null, NO_FILE_SELECTED)
    .refine((file) => !file || file.size <= MAX_DOCUMENT_BYTES, FILE_TOO_LARGE),
  description: uploadDocumentFields.shape.description,
  requires_signature: z.boolean(),
  operator_id: z.string(),
})

export type DocumentFormInput = z.input<typeof documentFormSchema>
export type DocumentFormValues = z.output<typeof documentFormSchema>
