import type { Executor } from '../../db/client'
import { profile_views } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { notFound } from '../../errors'
import { limiter } from '../../lib/rate-limit'
import { MINUTE } from '../../lib/clock'
import { findProfileByUsername, PROFILE_NOT_FOUND } from './get-operator-profile'

/** A visitor reloading a profile again and again should not inflate its analytics. */
const viewLimiter = limiter('profile-views', 30, 10 * MINUTE)

/**
 * Records one profile view: the profile, the referring page, the
 * user agent and the IP the server sees (the client never supplies it).
 * An operator viewing their own profile is not counted.
 */
export async function recordProfileView(db: Executor, opts: {
  username: string
  referrer_url: string | null | undefined
  user_agent: string | null | undefined
  ip: string | null
  viewer_id: string | null
}) {
  const profile = await findProfileByUsername(db, opts.username)
  if (!profile) throw notFound(PROFILE_NOT_FOUND)
  if (opts.viewer_id === profile.id) return { recorded: false }
  // Counted before the unit of work: on PostgreSQL the count is a write of its own (server/lib/rate-limit.ts).
  await viewLimiter.consume(db, `${opts.ip ?? 'unknown'}:${profile.id}`)
  return transaction(db, async (tx) => {
    await tx.insert(profile_views).values({
      profile_id: profile.id,
      referrer_url: opts.referrer_url?.trim() || null,
      user_agent: opts.user_agent?.slice(0, 500) || null,
      ip_address: opts.ip,
    })
    return { recorded: true }
  })
}
