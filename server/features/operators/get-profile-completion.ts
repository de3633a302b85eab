import { and, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { profiles, properties, property_media } from '../../db/schema'
import { notFound } from '../../errors'
import { isPremium } from '../billing'
import { profileCompletion } from './profile-completion'

/** GET /api/my/profile/completion: the facts of the operator's profile, scored. */
export async function getProfileCompletion(db: Executor, userId: string) {
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId)).limit(1)
  if (!profile) throw notFound('errors.profileNotFound')
  const ids = (await db.select({ id: properties.id }).from(properties).where(eq(properties.operator_id, userId))).map((p) => p.id)
  const kinds = ids.length
    ? (await db.selectDistinct({ kind: property_media.kind }).from(property_media).where(and(inArray(property_media.property_id, ids)))).map((m) => m.kind)
    : []
  return profileCompletion({
    hasPhoto: !!profile.profile_photo,
    hasUsername: !!profile.username,
    bioLength: profile.bio?.length ?? 0,
    hasOrganization: !!profile.organization_name?.trim(),
    propertyCount: ids.length,
    hasPropertyPhotos: kinds.includes('image'),
    hasVideo: kinds.includes('video'),
    premium: await isPremium(db, userId),
  })
}
