import { and, inArray, isNull, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { properties, tour_schedules } from '../../db/schema'
import { notify } from '../notifications'
import { onEmailVerified } from '../auth'

/** Where a signed-in requester follows their tours (the referrer dashboard's "Your Tour Requests"). */
export const TOUR_REQUESTS_PATH = '/referrer-dashboard#tour-requests'

/**
 * The tours a guest requested with an address become the account's once the
 * account confirms that address (the confirmation proves it is hers; the
 * typed address alone does not): they then show under "Your Tour Requests",
 * and one notification says so.
 */
export async function claimGuestTours(tx: Tx, user: { id: string; email: string }) {
  const claimed = await tx
    .update(tour_schedules)
    .set({ requested_by: user.id })
    .where(and(isNull(tour_schedules.requested_by), sql`lower(${tour_schedules.visitor_email}) = ${user.email.toLowerCase()}`))
    .returning({ property_id: tour_schedules.property_id })
  if (claimed.length === 0) return
  const homes = await tx
    .select({ name: properties.name })
    .from(properties)
    .where(inArray(properties.id, [...new Set(claimed.map((t) => t.property_id))]))
    .orderBy(properties.name)
  const names = homes.map((h) => h.name).join(', ')
  await notify(tx, user.id, {
    type: 'tour_requests_claimed',
    title: claimed.length === 1 ? 'Your tour request is on your dashboard' : 'Your tour requests are on your dashboard',
    body:
      claimed.length === 1
        ? `The tour you requested at ${names} before signing up is now in your account, with its status.`
        : `The ${claimed.length} tours you requested (${names}) before signing up are now in your account, with their status.`,
    link: TOUR_REQUESTS_PATH,
  })
}

/** Registers the tours area's hooks (called once, by server/composition.ts). */
export function registerTourHooks() {
  onEmailVerified(claimGuestTours)
}
