import { and, eq, inArray, ne } from 'drizzle-orm'
import type { Executor, Tx } from '../../db/client'
import { license_proofs, profiles } from '../../db/schema'
import { forUpdate, isUniqueViolation } from '../../db/dialect'
import { transaction } from '../../db/unit-of-work'
import { conflict, notFound, premiumRequired } from '../../errors'
import { limitsFor } from '../billing'
import { myProfileView } from './get-my-profile'
import type { UpdateProfile } from './profile.schemas'
import { keyed } from '../../i18n/keyed'

export const USERNAME_TAKEN = 'operators.usernameTaken'
export const bioLimitMessage = (max: number) =>
  keyed('operators.bioLimit', { max })

const usernameTaken = () => conflict('username_taken', USERNAME_TAKEN)

/**
 * Writes the changes. A username is one account's: the lookup before answers
 * the usual case; two accounts claiming one at once both find it free (and
 * there is no row to lock), so the unique index on profiles.username decides.
 */
async function saveProfile(tx: Tx, userId: string, changes: Partial<typeof profiles.$inferInsert>) {
  try {
    const [updated] = await tx.update(profiles).set(changes).where(eq(profiles.id, userId)).returning()
    return updated
  } catch (error) {
    if (isUniqueViolation(error, profiles, 'profiles_username_unique')) throw usernameTaken()
    throw error
  }
}

/**
 * PATCH /api/my/profile. The username is stored lower-cased and must be
 * unique; saving one publishes the profile, clearing it unpublishes. The bio
 * is held to the plan's length only when it changes, so an operator whose
 * plan lapsed can still edit other settings.
 */
export async function updateMyProfile(db: Executor, opts: { userId: string; input: UpdateProfile }) {
  const { input } = opts
  const row = await transaction(db, async (tx) => {
    const [current] = await forUpdate(tx.select().from(profiles).where(eq(profiles.id, opts.userId)).limit(1))
    if (!current) throw notFound('errors.profileNotFound')
    const changes: Partial<typeof profiles.$inferInsert> = {}
    if (input.username !== undefined) {
      const username = input.username || null
      if (username) {
        const [taken] = await tx
          .select({ id: profiles.id })
          .from(profiles)
          .where(and(eq(profiles.username, username), ne(profiles.id, opts.userId)))
          .limit(1)
        if (taken) throw usernameTaken()
      }
      changes.username = username
      changes.profile_published = !!username
    }
    if (input.first_name !== undefined) changes.first_name = input.first_name
    if (input.last_name !== undefined) changes.last_name = input.last_name
    if (input.organization_name !== undefined) changes.organization_name = input.organization_name || null
    if (input.bio !== undefined) {
      const bio = input.bio || null
      const max = (await limitsFor(tx, opts.userId)).maxBioLength
      if (bio && bio !== current.bio && bio.length > max) throw premiumRequired(bioLimitMessage(max))
      changes.bio = bio
    }
    if (input.social_links !== undefined) {
      changes.social_links = Object.fromEntries(Object.entries(input.social_links).filter(([, v]) => !!v)) as Record<string, string>
    }
    if (input.years_of_experience !== undefined) changes.years_of_experience = input.years_of_experience
    if (input.licensing_type !== undefined) changes.licensing_type = input.licensing_type
    // An admin verified (or is about to check) the license the operator declared: a new
    // licensing type needs a new proof, so neither the check nor 'State Licensed' carries over.
    if (input.licensing_type !== undefined && input.licensing_type !== current.licensing_type && ['verified', 'pending'].includes(current.verification_status)) {
      changes.verification_status = 'unverified'
      await tx
        .update(license_proofs)
        .set({ status: 'superseded' })
        .where(and(eq(license_proofs.operator_id, opts.userId), inArray(license_proofs.status, ['pending', 'verified'])))
    }
    if (input.specializations !== undefined) changes.specializations = input.specializations
    if (Object.keys(changes).length === 0) return current
    return saveProfile(tx, opts.userId, changes)
  })
  return myProfileView(db, row, opts.userId)
}
