import { and, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { forUpdate } from '../../db/dialect'
import { license_proofs, profiles } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { conflict, forbidden, invalid, notFound, tooLarge, unsupportedType } from '../../errors'
import { HOUR } from '../../lib/clock'
import { limiter } from '../../lib/rate-limit'
import { discardInProgress, keyAt, newPlace, placeFile, removeFile } from '../../storage/files'
import type { CurrentUser } from '../../types'
import { actsAsOperator } from '../auth'
import { cleanFileName } from '../documents'
import { myVerification } from './get-my-verification'
import { receiveSealedUpload, withoutImageMetadata } from '../../storage/sealed-upload'
import {
  ALREADY_VERIFIED,
  LICENSE_FILE_TOO_LARGE,
  LICENSE_FILE_TYPE,
  MAX_LICENSE_PROOF_BYTES,
  NO_LICENSE_FILE,
  ONLY_OPERATORS_UPLOAD,
} from './verification.schemas'

const uploadsPerUser = limiter('license-proof-uploads', 20, HOUR, () => 'errors.tooManyUploadsLater')

/** Accepted types, decided from the bytes (file-type), never from the name or the browser's claim. */
const ACCEPTED: Record<string, string> = { pdf: 'application/pdf', jpg: 'image/jpeg', png: 'image/png' }
/** Photos lose their metadata (EXIF GPS position, camera) before they are kept, in their own format. */
const IMAGE_FORMAT: Record<string, 'jpeg' | 'png'> = { jpg: 'jpeg', png: 'png' }

/** Who may upload: an operator (ADR 001: no role counts as one), never an admin (admins review proofs, they do not hold them). */
export function requireProofHolder(user: CurrentUser) {
  if (user.is_admin || !actsAsOperator(user.roles)) throw forbidden(ONLY_OPERATORS_UPLOAD)
}

/**
 * POST /api/my/license-proofs (multipart, field "file"): the operator's
 * license proof for an admin to check. Sealed as it arrives, typed from its
 * bytes (PDF, JPG or PNG, at most 10 MB; a photo loses its metadata), then recorded as pending; a proof
 * still waiting is superseded (one waits at a time) and the profile shows
 * "Awaiting review". Refused once verified: nothing is waiting to be proven.
 */
export async function uploadLicenseProof(db: Executor, opts: {
  user: CurrentUser
  body: ReadableStream<Uint8Array> | null
  contentType: string | undefined
  contentLength: number | null
}) {
  const { user } = opts
  requireProofHolder(user)
  const [profile] = await db.select({ status: profiles.verification_status }).from(profiles).where(eq(profiles.id, user.id)).limit(1)
  if (!profile) throw notFound('errors.profileNotFound')
  if (profile.status === 'verified') throw conflict('already_verified', ALREADY_VERIFIED)
  // A declared body far past the limit is refused before reading it.
  if (opts.contentLength !== null && opts.contentLength > MAX_LICENSE_PROOF_BYTES + 64 * 1024) throw tooLarge(LICENSE_FILE_TOO_LARGE)
  await uploadsPerUser.consume(db, user.id)

  // The file alone (no text fields), sealed as it arrives like a referral document.
  // The file's key but its extension, chosen now: the seal binds the file to it (lib/sealed-file.ts).
  const place = newPlace('license-proofs', user.id)
  let { file } = await receiveSealedUpload(opts.body, opts.contentType, {
    place,
    maxBytes: MAX_LICENSE_PROOF_BYTES,
    tooLargeMessage: LICENSE_FILE_TOO_LARGE,
    maxParts: 4,
    maxFieldBytes: 1024,
  })
  let storedKey: string | null = null
  try {
    if (!file || file.size === 0) throw invalid(NO_LICENSE_FILE, { file: NO_LICENSE_FILE })
    const { fileTypeFromBuffer } = await import('file-type')
    const detected = await fileTypeFromBuffer(file.head)
    const mime = detected ? ACCEPTED[detected.ext] : undefined
    if (!detected || !mime) throw unsupportedType(LICENSE_FILE_TYPE)
    const image = IMAGE_FORMAT[detected.ext]
    if (image) {
      const clean = await withoutImageMetadata(file, image)
      if (!clean) throw unsupportedType(LICENSE_FILE_TYPE)
      file = clean
    }
    const kept = file
    // Already sealed: the in-progress file becomes the proof, opened only by the download route.
    const key = keyAt(place, detected.ext)
    await placeFile(kept.tempPath, key)
    file = null
    storedKey = key

    await transaction(db, async (tx) => {
      const [current] = await forUpdate(tx.select().from(profiles).where(eq(profiles.id, user.id)).limit(1))
      if (!current) throw notFound('errors.profileNotFound')
      // Checked again: an admin may have verified a proof while this file arrived.
      if (current.verification_status === 'verified') throw conflict('already_verified', ALREADY_VERIFIED)
      await tx
        .update(license_proofs)
        .set({ status: 'superseded' })
        .where(and(eq(license_proofs.operator_id, user.id), eq(license_proofs.status, 'pending')))
      await tx.insert(license_proofs).values({
        operator_id: user.id,
        storage_key: key,
        file_name: cleanFileName(kept.name, detected.ext),
        file_type: mime,
        file_size: kept.size,
        licensing_type: current.licensing_type,
        status: 'pending',
      })
      await tx.update(profiles).set({ verification_status: 'pending' }).where(eq(profiles.id, user.id))
    })
    storedKey = null
    return await myVerification(db, user.id)
  } finally {
    if (storedKey) await removeFile(storedKey)
    discardInProgress(file?.tempPath)
  }
}
