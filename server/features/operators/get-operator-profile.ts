import { sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import type { LICENSING_TYPES, VERIFICATION_STATUSES } from '../../db/enums'
import { notFound } from '../../errors'
import { clock } from '../../lib/clock'
import { mediaUrl } from '../../storage/media.routes'
import { FREE_BIO_LENGTH, premiumSql } from '../billing'
import { parseChoices, SPECIALIZATIONS } from '../care'
import { badgesOf, operatorBadges } from '../badges'
import { approvedReviews, reviewsOf, fromRaw, VISIBLE_PROPERTY, type RawProperty, displayName, loadPropertyViews } from '../properties'
import { ratingOf, ratingsByOperator } from '../reviews'
import { row, rows } from '../../db/raw'

export const PROFILE_NOT_FOUND = 'errors.profileNotFound'

type Raw = {
  id: string
  username: string
  first_name: string
  last_name: string
  organization_name: string | null
  profile_photo: string | null
  bio: string | null
  social_links: string
  years_of_experience: number
  licensing_type: (typeof LICENSING_TYPES)[number]
  verification_status: (typeof VERIFICATION_STATUSES)[number]
  specializations: string
  intro_video_key: string | null
  premium: number
  created_at: number
}

const links = (text: string): Record<string, string> => {
  try {
    const parsed = JSON.parse(text)
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {}
  } catch {
    return {}
  }
}

/** A profile row (with premium flag) by username, or null; deleted accounts are gone. */
export async function findProfileByUsername(db: Executor, username: string) {
  // No username holds a NUL character (PostgreSQL's text cannot even compare one): unknown, on both engines.
  if (username.includes('\0')) return null
  return row<Raw>(
    db,
    sql`SELECT pr.id, pr.username, pr.first_name, pr.last_name, pr.organization_name, pr.profile_photo, pr.bio,
       pr.social_links, pr.years_of_experience, pr.licensing_type, pr.verification_status, pr.created_at,
       pr.specializations, pr.intro_video_key,
       ${premiumSql('pr.id', clock.ms())} AS premium
     FROM profiles pr
     JOIN users u ON u.id = pr.id AND u.deleted_at IS NULL
     WHERE pr.username = ${username.toLowerCase()}`,
  )
}

/**
 * Public operator profile. A free operator's profile is trimmed
 * here, so the hidden parts never reach the browser: the first 150 characters
 * of the bio, only the first active property, one photo per property, no
 * video introduction.
 */
export async function getOperatorProfile(db: Executor, username: string) {
  const profile = await findProfileByUsername(db, username)
  if (!profile) throw notFound(PROFILE_NOT_FOUND)
  const premium = !!profile.premium
  const bio = profile.bio ?? ''
  const certifications = await rows<{ id: string; certification_name: string }>(
    db,
    sql`SELECT id, certification_name FROM operator_certifications WHERE profile_id = ${profile.id} ORDER BY created_at, id`,
  )
  const propertyRows = await rows<RawProperty>(
    db,
    sql`SELECT p.* FROM properties p WHERE p.operator_id = ${profile.id} AND ${VISIBLE_PROPERTY(clock.ms())} ORDER BY p.created_at, p.id`,
  )
  const views = await loadPropertyViews(db, propertyRows.map(fromRaw))
  const reviews = await approvedReviews(db, views.map((v) => v.id))
  // The operator's rating over every approved review of their homes: the summary beside the name, and Top Rated.
  const ratings = await ratingsByOperator(db, [profile.id])
  const rating = ratingOf(ratings, profile.id)
  const badges = await operatorBadges(db, [profile.id], ratings)
  return {
    id: profile.id,
    username: profile.username,
    name: displayName(profile),
    first_name: profile.first_name,
    last_name: profile.last_name,
    organization_name: profile.organization_name,
    profile_photo: mediaUrl(profile.profile_photo),
    bio: premium ? profile.bio : bio.slice(0, FREE_BIO_LENGTH) || null,
    bio_truncated: !premium && bio.length > FREE_BIO_LENGTH,
    social_links: links(profile.social_links),
    years_of_experience: profile.years_of_experience,
    licensing_type: profile.licensing_type,
    verification_status: profile.verification_status,
    certifications,
    specializations: parseChoices(profile.specializations, SPECIALIZATIONS),
    /** Premium only, like property videos: a downgrade hides it without deleting it. */
    video_intro: premium ? mediaUrl(profile.intro_video_key) : null,
    premium,
    member_since: new Date(profile.created_at).toISOString(),
    /** Earned from data, never set by a request. */
    badges: badgesOf(badges, profile.id),
    rating: { review_count: rating.review_count, average_rating: rating.average_rating, category_averages: rating.category_averages },
    properties: views.map((v) => ({ ...v, ...reviewsOf(reviews, v.id) })),
  }
}

export type OperatorProfile = Awaited<ReturnType<typeof getOperatorProfile>>
