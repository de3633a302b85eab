import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import type { healthRecordImportSchema } from '@server/features/fhir/fhir.responses'
import { api, upload } from '../../../lib/api'

export type HealthRecordImport = z.infer<typeof healthRecordImportSchema>
export type RecordDocument = HealthRecordImport['documents'][number]

/** POST /api/referrals/fhir-import: the file as it is; the answer is a draft, nothing is stored. */
export const importHealthRecord = (file: Blob) =>
  api<HealthRecordImport>('/referrals/fhir-import', { method: 'POST', body: file, headers: { 'Content-Type': 'application/fhir+json' } })

/** POST /api/smart/draft: the record an EHR launch read for this browser, given once to its signed-in tab (ADR 033). */
export const claimLaunchedRecord = () => api<HealthRecordImport>('/smart/draft', { method: 'POST' })

export function useImportHealthRecord() {
  return useMutation({ mutationFn: importHealthRecord })
}

/** The record's documents, uploaded to the submitted referral (sealed like every document), shared with the operators who may see it. */
export async function uploadRecordDocuments(referralId: string, documents: readonly RecordDocument[]) {
  for (const d of documents) {
    const bytes = Uint8Array.from(atob(d.data), (c) => c.charCodeAt(0))
    const form = new FormData()
    form.append('file', new File([bytes], d.title, { type: d.content_type }))
    form.append('description', 'From the health record')
    await upload(`/referrals/${encodeURIComponent(referralId)}/documents`, form)
  }
}
