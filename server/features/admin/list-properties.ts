import { desc, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { profiles, properties } from '../../db/schema'

/**
 * Every property, active or not, newest first, with its operator; paged (an
 * agency may list many thousands) and optionally limited to one state.
 */
export async function listAllProperties(db: Executor, opts: { state?: string; page?: number; per_page?: number } = {}) {
  const page = Math.max(1, opts.page ?? 1)
  const perPage = Math.min(Math.max(1, opts.per_page ?? 100), 500)
  const found = await db
    .select({
      id: properties.id,
      name: properties.name,
      city: properties.city,
      state: properties.state,
      zip_code: properties.zip_code,
      licensing_type: properties.licensing_type,
      is_active: properties.is_active,
      total_beds: properties.total_beds,
      available_beds: properties.available_beds,
      monthly_fee_cents: properties.monthly_fee_cents,
      operator_id: properties.operator_id,
      operator_name: profiles.organization_name,
      operator_first_name: profiles.first_name,
      operator_last_name: profiles.last_name,
      operator_email: profiles.email,
      created_at: properties.created_at,
    })
    .from(properties)
    .leftJoin(profiles, eq(profiles.id, properties.operator_id))
    .where(opts.state ? eq(properties.state, opts.state.toUpperCase()) : undefined)
    .orderBy(desc(properties.created_at), desc(properties.id))
    .limit(perPage + 1)
    .offset((page - 1) * perPage)
  const rows = found.map(({ operator_first_name, operator_last_name, ...p }) => ({
    ...p,
    operator_name: p.operator_name?.trim() || [operator_first_name, operator_last_name].filter(Boolean).join(' '),
  }))
  return { items: rows.slice(0, perPage), page, per_page: perPage, has_more: rows.length > perPage }
}
