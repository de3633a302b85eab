import { z } from 'zod'
import { isoTime, itemsOf } from '../../lib/openapi'
import { referralListItemFields } from '../referrals/referrals.responses'

const documentSide = z.enum(['referrer', 'operator', 'admin'])
/** presentDocument() (document-view.ts): a document as one viewer sees it, never its storage key. */
export const documentSchema = z.object({
  id: z.string(),
  referral_id: z.string(),
  operator_id: z.string().nullable().describe("The operator side of the exchange; null: shared with every operator who may see the referral"),
  shared_with_all_operators: z.boolean(),
  uploaded_by: z.string().nullable(),
  uploader_role: z.enum(['operator', 'referrer']),
  uploader_name: z.string(),
  file_name: z.string(),
  file_size: z.number().int(),
  file_type: z.string(),
  description: z.string().nullable(),
  requires_signature: z.boolean(),
  is_signed: z.boolean(),
  signed_at: isoTime.nullable(),
  signed_by: z.string().nullable(),
  signed_by_name: z.string().nullable(),
  created_at: isoTime,
  mine: z.boolean().describe('Uploaded by the caller’s side'),
  can_sign: z.boolean().describe('The other party may sign it, once'),
})
/** GET /api/referrals/:id/documents: newest first; the referrer also gets the operators they can share with. */
export const documentListSchema = z.object({
  items: z.array(documentSchema),
  my_role: documentSide,
  can_upload: z.boolean(),
  operators: z.array(z.object({ id: z.string(), name: z.string() })).describe('Referrer only (empty otherwise)'),
})

/** GET /api/documents/referrals: the referrals whose documents the caller may see, with their count. */
export const documentReferralsSchema = itemsOf(
  z.object({
    ...referralListItemFields,
    referrer_name: z.string().describe('Who submitted the referral: with created_at, what tells two clients of the same name apart'),
    document_count: z.number().int(),
  }),
)
