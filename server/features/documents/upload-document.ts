import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { profiles, referral_documents } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { invalid, tooLarge, unsupportedType } from '../../errors'
import { validationError } from '../../lib/validate'
import { HOUR } from '../../lib/clock'
import { limiter } from '../../lib/rate-limit'
import { hub } from '../../realtime/hub'
import { discardInProgress, keyAt, newPlace, placeFile, removeFile } from '../../storage/files'
import { receiveSealedUpload, withoutImageMetadata } from '../../storage/sealed-upload'
import type { CurrentUser } from '../../types'
import { operatorHasUnmaskedAccess } from '../referrals'
import { notify } from '../notifications'
import { documentAudience, operatorsWithAccess, referralDocumentAccess } from './document-access'
import { documentRows, presentDocument } from './document-view'
import { INVALID_FILE_TYPE, MAX_DOCUMENT_BYTES, uploadDocumentFields } from './documents.schemas'

const uploadsPerUser = limiter('document-uploads', 60, HOUR, () => 'errors.tooManyUploadsLater')

/**
 * Accepted types, decided from the bytes (file-type), never from the name or the browser's claim.
 * Images lose their metadata (`image`: the format they are re-encoded in) before they are kept.
 */
export const ACCEPTED: Record<string, { ext: string; mime: string; image?: 'jpeg' | 'png' }> = {
  pdf: { ext: 'pdf', mime: 'application/pdf' },
  jpg: { ext: 'jpg', mime: 'image/jpeg', image: 'jpeg' },
  png: { ext: 'png', mime: 'image/png', image: 'png' },
  docx: { ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  // Word 97-2003 files are Compound File Binary containers.
  cfb: { ext: 'doc', mime: 'application/msword' },
}

/** The name as shown and offered on download: no folders, no control characters, bounded. */
export function cleanFileName(name: string | null | undefined, ext: string) {
  const base = (name ?? '').split(/[\\/]/).pop() ?? ''
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what a stored file name must not carry
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(-200)
  return cleaned || `document.${ext}`
}

/** The referrer may address only an operator who can see the referral. */
async function checkAddressee(db: Executor, referralId: string, operatorId: string) {
  if (!(await operatorHasUnmaskedAccess(db, referralId, operatorId))) {
    const message = 'documents.chooseOperatorWhoCanSee'
    throw invalid(message, { operator_id: message })
  }
}

/**
 * POST /api/referrals/:id/documents (multipart: file, description,
 * requires_signature, operator_id). An operator uploads into their own
 * exchange with the referrer; the referrer uploads into one operator's
 * exchange (`operator_id`) or, with none, shares it with every operator who
 * may see the referral. The file is streamed to disk, typed from its bytes,
 * stripped of its metadata when it is a photo (EXIF GPS position, camera),
 * and only then recorded, in one transaction opened once the file is stored
 * (never while it streams); any failure removes it, so nothing is half-written.
 */
export async function uploadDocument(
  db: Executor,
  opts: {
    user: CurrentUser
    referralId: string
    body: ReadableStream<Uint8Array> | null
    contentType: string | undefined
    contentLength: number | null
  },
) {
  const { user, referralId } = opts
  const { side } = await referralDocumentAccess(db, user, referralId, 'write')
  // A declared body far past the limit is refused before reading it.
  if (opts.contentLength !== null && opts.contentLength > MAX_DOCUMENT_BYTES + 64 * 1024) throw tooLarge('errors.fileTooLarge')
  await uploadsPerUser.consume(db, user.id)

  // The file's key but its extension, chosen now: the seal binds the file to it (lib/sealed-file.ts).
  const place = newPlace('referral-documents', referralId)
  const received = await receiveSealedUpload(opts.body, opts.contentType, {
    place,
    maxBytes: MAX_DOCUMENT_BYTES,
    tooLargeMessage: 'errors.fileTooLarge',
    maxParts: 8,
    maxFieldBytes: 8 * 1024,
  })
  const { fields } = received
  let file = received.file
  let storedKey: string | null = null
  try {
    if (!file || file.size === 0) throw invalid('errors.noFileSelected', { file: 'errors.noFileSelected'})
    const parsed = uploadDocumentFields.safeParse({
      description: fields.description,
      requires_signature: fields.requires_signature,
      operator_id: fields.operator_id,
    })
    if (!parsed.success) throw validationError(parsed.error.issues)
    const input = parsed.data

    let operatorId: string | null = null
    if (side === 'operator') operatorId = user.id
    else if (input.operator_id) {
      await checkAddressee(db, referralId, input.operator_id)
      operatorId = input.operator_id
    }

    const { fileTypeFromBuffer } = await import('file-type')
    const detected = await fileTypeFromBuffer(file.head)
    const type = detected && ACCEPTED[detected.ext]
    if (!type) throw unsupportedType(INVALID_FILE_TYPE)
    // A photo of a document keeps no trace of where it was taken, or with what.
    if (type.image) {
      const clean = await withoutImageMetadata(file, type.image)
      if (!clean) throw unsupportedType(INVALID_FILE_TYPE)
      file = clean
    }
    const kept = file
    // Already sealed (AES-256-GCM): the in-progress file becomes the document, opened only by the download route.
    const key = keyAt(place, type.ext)
    await placeFile(kept.tempPath, key)
    file = null
    storedKey = key

    const view = await transaction(db, async (tx) => {
      // Access may have changed while the file was received.
      const { referral } = await referralDocumentAccess(tx, user, referralId, 'write')
      if (side === 'referrer' && operatorId) await checkAddressee(tx, referralId, operatorId)
      const [inserted] = await tx
        .insert(referral_documents)
        .values({
          referral_id: referralId,
          operator_id: operatorId,
          uploaded_by: user.id,
          uploader_role: side === 'referrer' ? 'referrer' : 'operator',
          file_name: cleanFileName(kept.name, type.ext),
          storage_key: key,
          file_size: kept.size,
          file_type: type.mime,
          description: input.description,
          requires_signature: input.requires_signature,
        })
        .returning()
      const row = inserted!
      const audience = await documentAudience(tx, referral.referrer_user_id, referralId, operatorId)
      await hub.publish(tx, audience, 'document.created', { referral_id: referralId, document_id: row.id, operator_id: operatorId })
      const [uploader] = await tx.select({ first: profiles.first_name, last: profiles.last_name }).from(profiles).where(eq(profiles.id, user.id)).limit(1)
      const uploaderName = `${uploader?.first ?? ''} ${uploader?.last ?? ''}`.trim() || 'Someone'
      const recipients =
        side === 'operator' ? [referral.referrer_user_id] : operatorId ? [operatorId] : await operatorsWithAccess(tx, referralId)
      for (const id of recipients) {
        if (!id || id === user.id) continue
        await notify(tx, id, {
            type: 'document',
            title: row.requires_signature ? 'A document needs your signature' : 'New document',
            body: `${uploaderName} uploaded a document.`, // never the file name: it often names the client
            link:
              side === 'operator'
                ? `/referrer-dashboard?referral=${referralId}&tab=documents`
                : `/operator-dashboard?tab=documents&referral=${referralId}`,
          })
      }
      const [stored] = await documentRows(tx, eq(referral_documents.id, row.id))
      return presentDocument(tx, stored!, side, user)
    })
    storedKey = null
    return view
  } finally {
    if (storedKey) await removeFile(storedKey)
    discardInProgress(file?.tempPath)
  }
}
