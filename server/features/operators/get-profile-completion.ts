import { and, eq, inArray } from 'drizzle-orm'
import { db } from '../../db/client'
import { profiles, properties, property_media } from '../../db/schema'
import { notFound } from '../../errors'
import { isPremium } from '../billing'
import { profileCompletion } from './profile-completion'

/** GET /api/my/profile/completion: the facts of the operator's profile, scored. */
export function getProfileCompletion(userId: string) {
  const profile = db.select().from(profiles).where(eq(profiles.id, userId)).get()
  if (!profile) throw notFound('Profile not found')
  const ids = db.select({ id: properties.id }).from(properties).where(eq(properties.operator_id, userId)).all().map((p) => p.id)
  const kinds = ids.length
    ? db
        .selectDistinct({ kind: property_media.kind })
        .from(property_media)
        .where(and(inArray(property_media.property_id, ids)))
        .all()
        .map((m) => m.kind)
    : []
  return profileCompletion({
    hasPhoto: !!profile.profile_photo,
    hasUsername: !!profile.username,
    bioLength: profile.bio?.length ?? 0,
    hasOrganization: !!profile.organization_name?.trim(),
    propertyCount: ids.length,
    hasPropertyPhotos: kinds.includes('image'),
    hasVideo: kinds.includes('video'),
    premium: isPremium(userId),
  })
}
