import { and, desc, eq, or, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { containsIgnoringCase } from '../../db/dialect'
import { containsPattern } from '../../db/raw'
import { properties, referrals, type REFERRAL_STATUSES } from '../../db/schema'
import { clientInitials } from '../../mail/templates'

export type ReferralStatus = (typeof REFERRAL_STATUSES)[number]

const select = (db: Executor) =>
  db
    .select({
      id: referrals.id,
      client_first_name: referrals.client_first_name,
      client_last_name: referrals.client_last_name,
      referrer_name: referrals.referrer_name,
      referrer_email: referrals.referrer_email,
      preferred_state: referrals.preferred_state,
      preferred_cities: referrals.preferred_cities,
      budget_range: referrals.budget_range,
      status: referrals.status,
      referral_fee_paid: referrals.referral_fee_paid,
      interested_operators_count: referrals.interested_operators_count,
      matched_operator_id: referrals.matched_operator_id,
      matched_property_id: referrals.matched_property_id,
      matched_property_name: properties.name,
      placed_at: referrals.placed_at,
      /** How the referrer closed it: shown instead of a bare "cancelled". */
      close_outcome: referrals.close_outcome,
      created_at: referrals.created_at,
    })
    .from(referrals)
    .leftJoin(properties, eq(properties.id, referrals.matched_property_id))
    .$dynamic()

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number]
const summary = ({ client_first_name, client_last_name, ...r }: Row) => ({ ...r, client_initials: clientInitials(client_first_name, client_last_name) })
const byStatus = (status?: ReferralStatus) => (status ? eq(referrals.status, status) : undefined)
const newestFirst = [desc(referrals.created_at), desc(referrals.id)]

/**
 * Every referral, newest first (`homeward referrals list`). Only the summary
 * an admin needs to manage status: the client appears by initials, no care
 * data leaves the server, so listing is not a disclosure (the full referral is
 * read through GET /api/referrals/:id, which records one).
 */
export async function listReferrals(db: Executor, opts: { status?: ReferralStatus } = {}) {
  const found = await select(db).where(byStatus(opts.status)).orderBy(...newestFirst)
  return found.map(summary)
}

/** "E. P.", "EP", "e p": two letters, optionally dotted: what an admin types for a client's initials. */
const INITIALS = /^([a-z])\.?\s*([a-z])\.?$/i

/** The plain (unsealed) columns a search looks in; SQL does the matching. */
function plainMatch(q: string): SQL | undefined {
  const pattern = containsPattern(q)
  return or(
    containsIgnoringCase(referrals.id, containsPattern(q).slice(1)), // from its start
    containsIgnoringCase(referrals.referrer_name, pattern),
    containsIgnoringCase(referrals.referrer_email, pattern),
    containsIgnoringCase(referrals.preferred_state, pattern),
    containsIgnoringCase(referrals.preferred_cities, pattern),
    containsIgnoringCase(properties.name, pattern),
  )
}

/**
 * The admin dashboard's Referrals tab: newest first, one page at a time,
 * optionally one status and a search `q`.
 *
 * The referrer's name and e-mail, the preferred cities and state, the
 * referral id (from its start: the list shows its first 8 characters) and the
 * matched home are plain columns: SQL matches them and pages. The client's
 * names are sealed at rest (ADR 010/013), so SQL cannot compare them: a search
 * shaped like initials ("E. P.", "EP") reads the referrals of the status
 * filter, opens the two name columns in memory as the list already does to
 * show initials, and pages the matches there. Only the initials are compared
 * and only the initials leave the server.
 */
export async function searchReferrals(db: Executor, opts: { status?: ReferralStatus; q?: string; page?: number; per_page?: number } = {}) {
  const page = Math.max(1, opts.page ?? 1)
  const perPage = Math.min(Math.max(1, opts.per_page ?? 100), 500)
  const q = opts.q?.trim() || undefined
  const initials = q?.match(INITIALS)
  if (q && initials) {
    const wanted = clientInitials(initials[1], initials[2])
    const plain = plainMatch(q)
    const rows = await select(db)
      .where(byStatus(opts.status))
      .orderBy(...newestFirst)
    const plainIds = new Set((await select(db).where(and(byStatus(opts.status), plain))).map((r) => r.id))
    const matches = rows.map(summary).filter((r) => r.client_initials === wanted || plainIds.has(r.id))
    const items = matches.slice((page - 1) * perPage, page * perPage)
    return { items, page, per_page: perPage, has_more: matches.length > page * perPage }
  }
  const found = await select(db)
    .where(and(byStatus(opts.status), q ? plainMatch(q) : undefined))
    .orderBy(...newestFirst)
    .limit(perPage + 1)
    .offset((page - 1) * perPage)
  return { items: found.slice(0, perPage).map(summary), page, per_page: perPage, has_more: found.length > perPage }
}
