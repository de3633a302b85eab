import { fileTypeFromBuffer } from 'file-type'
import { eq } from 'drizzle-orm'
import { db } from '../../db/client'
import { profiles, referral_documents } from '../../db/schema'
import { invalid, tooLarge, unsupportedType } from '../../errors'
import { HOUR } from '../../lib/clock'
import { limiter } from '../../lib/rate-limit'
import { hub } from '../../realtime/hub'
import { newKey, removeFile, writeFile } from '../../storage/files'
import type { CurrentUser } from '../../types'
import { operatorHasUnmaskedAccess } from '../marketplace/visibility'
import { notify } from '../notifications/notify'
import { documentAudience, operatorsWithAccess, referralDocumentAccess } from './document-access'
import { documentRows, toDocumentView } from './document-view'
import { FILE_TOO_LARGE, INVALID_FILE_TYPE, MAX_DOCUMENT_BYTES, NO_FILE_SELECTED } from './documents.schemas'

const uploadsPerUser = limiter(60, HOUR, () => 'Too many uploads. Please try again later.')

/** Accepted types, decided from the bytes (file-type), never from the name or the browser's claim. */
const ACCEPTED: Record<string, { ext: string; mime: string }> = {
  pdf: { ext: 'pdf', mime: 'application/pdf' },
  jpg: { ext: 'jpg', mime: 'image/jpeg' },
  png: { ext: 'png', mime: 'image/png' },
  docx: { ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  // Word 97-2003 files are Compound File Binary containers.
  cfb: { ext: 'doc', mime: 'application/msword' },
}

/** The name as shown and offered on download: no folders, no control characters, bounded. */
export function cleanFileName(name: string | null | undefined, ext: string) {
  const base = (name ?? '').split(/[\\/]/).pop() ?? ''
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(-200)
  return cleaned || `document.${ext}`
}

/**
 * POST /api/referrals/:id/documents. An operator uploads into their own
 * exchange with the referrer; the referrer uploads into one operator's
 * exchange (`operator_id`) or, with none, shares it with every operator who
 * may see the referral. The file is stored first and the row written after;
 * if the row cannot be written the file is removed, so nothing is half-written.
 */
export async function uploadDocument(opts: {
  user: CurrentUser
  referralId: string
  file: File | null
  description: string | null
  requires_signature: boolean
  operator_id: string | null
}) {
  const { user, referralId } = opts
  const { side } = referralDocumentAccess(db, user, referralId, 'write')
  if (!opts.file || opts.file.size === 0) throw invalid(NO_FILE_SELECTED, { file: NO_FILE_SELECTED })
  if (opts.file.size > MAX_DOCUMENT_BYTES) throw tooLarge(FILE_TOO_LARGE)
  uploadsPerUser.consume(user.id)

  let operatorId: string | null = null
  if (side === 'operator') operatorId = user.id
  else if (opts.operator_id) {
    if (!operatorHasUnmaskedAccess(db, referralId, opts.operator_id)) {
      const message = 'Choose an operator who can see this referral'
      throw invalid(message, { operator_id: message })
    }
    operatorId = opts.operator_id
  }

  const bytes = new Uint8Array(await opts.file.arrayBuffer())
  const detected = await fileTypeFromBuffer(bytes)
  const type = detected && ACCEPTED[detected.ext]
  if (!type) throw unsupportedType(INVALID_FILE_TYPE)

  const key = newKey('referral-documents', referralId, type.ext)
  await writeFile(key, bytes)
  let result
  try {
    result = db.transaction((tx) => {
      // Access may have changed while the file was written.
      const { referral } = referralDocumentAccess(tx, user, referralId, 'write')
      const row = tx
        .insert(referral_documents)
        .values({
          referral_id: referralId,
          operator_id: operatorId,
          uploaded_by: user.id,
          uploader_role: side === 'referrer' ? 'referrer' : 'operator',
          file_name: cleanFileName(opts.file!.name, type.ext),
          storage_key: key,
          file_size: bytes.byteLength,
          file_type: type.mime,
          description: opts.description,
          requires_signature: opts.requires_signature,
        })
        .returning()
        .get()
      const uploader = tx.select({ first: profiles.first_name, last: profiles.last_name }).from(profiles).where(eq(profiles.id, user.id)).get()
      const uploaderName = `${uploader?.first ?? ''} ${uploader?.last ?? ''}`.trim() || 'Someone'
      const recipients =
        side === 'operator' ? [referral.referrer_user_id] : operatorId ? [operatorId] : operatorsWithAccess(tx, referralId)
      const pushes = recipients
        .filter((id): id is string => !!id && id !== user.id)
        .map((id) =>
          notify(tx, id, {
            type: 'document',
            title: row.requires_signature ? 'A document needs your signature' : 'New document',
            body: `${uploaderName} uploaded ${row.file_name}`,
            link:
              side === 'operator'
                ? `/referrer-dashboard?referral=${referralId}&tab=documents`
                : `/operator-dashboard?tab=documents&referral=${referralId}`,
          }),
        )
      const view = toDocumentView(documentRows(tx, eq(referral_documents.id, row.id))[0]!, side)
      return { view, pushes, audience: documentAudience(tx, referral.referrer_user_id, referralId, operatorId) }
    })
  } catch (error) {
    removeFile(key)
    throw error
  }
  hub.publish(result.audience, 'document.created', {
    referral_id: referralId,
    document_id: result.view.id,
    operator_id: operatorId,
  })
  for (const push of result.pushes) push()
  return result.view
}
