import { eq } from 'drizzle-orm'
import { license_proofs, profiles, property_media, referral_documents } from '../db/schema'
import { insertReferral } from '../features/messaging/test-fixtures'
import { addProperty } from '../features/properties/property-fixtures'
import { createUser, db } from '../test/setup'
import { newKey } from './files'

/** Test rows naming stored files (the orphan sweep keeps what they name), in the current database (useDatabase). */

/** Rows naming a file through every column of FILE_COLUMNS (storage/orphans.ts); returns the keys they name and their owners. */
export async function rowsForEveryKind() {
  const operator = await createUser({ roles: ['operator'] })
  const referrer = await createUser({ roles: ['referrer'] })
  const property = (await addProperty(operator.id))!
  const referral = await insertReferral(referrer.id)
  const named = {
    photo: newKey('property-images', property.id, 'webp'),
    thumb: newKey('property-images', property.id, 'webp'),
    video: newKey('property-videos', property.id, 'mp4'),
    profilePhoto: newKey('operator-profiles', operator.id, 'webp'),
    introVideo: newKey('operator-profiles', operator.id, 'mp4'),
    document: newKey('referral-documents', referral.id, 'pdf'),
    proof: newKey('license-proofs', operator.id, 'pdf'),
  }
  const media = { property_id: property.id, size_bytes: 10 }
  await db.insert(property_media).values({ ...media, kind: 'image', storage_key: named.photo, thumb_key: named.thumb, mime_type: 'image/webp', position: 0 }).run()
  await db.insert(property_media).values({ ...media, kind: 'video', storage_key: named.video, mime_type: 'video/mp4', position: 1 }).run()
  await db.update(profiles).set({ profile_photo: named.profilePhoto, intro_video_key: named.introVideo }).where(eq(profiles.id, operator.id)).run()
  await db
    .insert(referral_documents)
    .values({ referral_id: referral.id, uploaded_by: referrer.id, uploader_role: 'referrer', file_name: 'plan.pdf', storage_key: named.document, file_size: 10, file_type: 'application/pdf' })
    .run()
  await db
    .insert(license_proofs)
    .values({ operator_id: operator.id, storage_key: named.proof, file_name: 'proof.pdf', file_type: 'application/pdf', file_size: 10, licensing_type: 'licensed' })
    .run()
  return { named: Object.values(named), owners: { property: property.id, operator: operator.id, referral: referral.id } }
}

/** Names each of `keys` in a property_media row of a new property (any key: the column does not check its area). */
export async function nameInRows(keys: string[]) {
  const operator = await createUser({ roles: ['operator'] })
  const property = (await addProperty(operator.id))!
  for (const [position, key] of keys.entries()) {
    await db.insert(property_media).values({ property_id: property.id, kind: 'image', storage_key: key, mime_type: 'image/webp', size_bytes: 1, position }).run()
  }
}
