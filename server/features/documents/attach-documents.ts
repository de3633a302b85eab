import type { Tx } from '../../db/client'
import { referral_documents } from '../../db/schema'
import { invalid, tooLarge, unsupportedType } from '../../errors'
import { sealFileBytes } from '../../lib/sealed-file'
import { hub } from '../../realtime/hub'
import { keyAt, newPlace, writeFile } from '../../storage/files'
import { stripImageMetadata } from '../../storage/images'
import type { CurrentUser } from '../../types'
import { INVALID_FILE_TYPE, MAX_DOCUMENT_BYTES, uploadDocumentFields } from './documents.schemas'
import { ACCEPTED, cleanFileName } from './upload-document'

/**
 * A document received whole in memory (a FHIR transaction's inline
 * attachment, ADR 041) under the browser upload's rules: at most 10 MB, its
 * type decided from its bytes (file-type), a photo stripped of its metadata.
 * Done before any transaction opens: CPU work, no write lock held.
 */
export type PreparedDocument = { name: string; ext: string; mime: string; bytes: Uint8Array; description: string | null }

export async function prepareDocument(bytes: Uint8Array, name: string | null | undefined, description: string | null): Promise<PreparedDocument> {
  const described = uploadDocumentFields.shape.description.safeParse(description ?? undefined)
  if (!described.success) throw invalid(described.error.issues[0]!.message)
  if (bytes.length === 0) throw invalid('errors.noFileSelected')
  if (bytes.length > MAX_DOCUMENT_BYTES) throw tooLarge('errors.fileTooLarge')
  const { fileTypeFromBuffer } = await import('file-type')
  const detected = await fileTypeFromBuffer(bytes)
  const type = detected && ACCEPTED[detected.ext]
  if (!type) throw unsupportedType(INVALID_FILE_TYPE)
  const kept = type.image ? await stripImageMetadata(bytes, type.image) : bytes
  if (!kept) throw unsupportedType(INVALID_FILE_TYPE)
  return { name: cleanFileName(name, type.ext), ext: type.ext, mime: type.mime, bytes: kept, description: described.data }
}

/**
 * Stores a prepared document as the referrer's, shared with every operator
 * who may see the referral (the browser's upload without an operator named),
 * inside the caller's transaction: the file is sealed for its place (ADR 013)
 * and written before the row; its key is pushed to `written`, which the
 * caller removes if the transaction does not commit (nothing half-written).
 * No e-mail: a referral being created has no operator yet.
 */
export async function attachReferrerDocument(tx: Tx, user: CurrentUser, referralId: string, doc: PreparedDocument, written: string[]) {
  const place = newPlace('referral-documents', referralId)
  const key = keyAt(place, doc.ext)
  written.push(key)
  await writeFile(key, sealFileBytes(place, doc.bytes))
  const [row] = await tx
    .insert(referral_documents)
    .values({
      referral_id: referralId,
      operator_id: null,
      uploaded_by: user.id,
      uploader_role: 'referrer',
      file_name: doc.name,
      storage_key: key,
      file_size: doc.bytes.length,
      file_type: doc.mime,
      description: doc.description,
      requires_signature: false,
    })
    .returning({ id: referral_documents.id })
  await hub.publish(tx, [user.id], 'document.created', { referral_id: referralId, document_id: row!.id, operator_id: null })
  return row!.id
}
