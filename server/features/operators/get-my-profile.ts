import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { profiles } from '../../db/schema'
import { notFound } from '../../errors'
import { mediaUrl } from '../../storage/media.routes'
import { limitsFor } from '../billing'

export type ProfileRow = typeof profiles.$inferSelect

/** The owner's view of a profile, with the plan's bio limit for the form's counter. */
export async function myProfileView(db: Executor, row: ProfileRow, userId: string) {
  const limits = await limitsFor(db, userId)
  return {
    id: row.id,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    organization_name: row.organization_name,
    bio: row.bio,
    social_links: row.social_links ?? {},
    profile_photo: mediaUrl(row.profile_photo),
    profile_published: row.profile_published,
    email: row.email,
    phone: row.phone,
    years_of_experience: row.years_of_experience,
    licensing_type: row.licensing_type,
    verification_status: row.verification_status,
    specializations: row.specializations,
    /** Kept after a downgrade (the owner still sees it); the public profile shows it to Premium only. */
    video_intro: mediaUrl(row.intro_video_key),
    created_at: row.created_at,
    max_bio_length: limits.maxBioLength,
    email_signature: limits.emailSignature,
  }
}

export type MyProfile = Awaited<ReturnType<typeof myProfileView>>

/** GET /api/my/profile. */
export async function getMyProfile(db: Executor, userId: string) {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, userId)).limit(1)
  if (!row) throw notFound('errors.profileNotFound')
  return myProfileView(db, row, userId)
}
