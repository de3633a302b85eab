import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import type { getAdminStats } from '@server/features/admin/get-admin-stats'
import type { getFunnel } from '@server/features/admin/get-funnel'

export type Funnel = ReturnType<typeof getFunnel>
import type { listAllProperties } from '@server/features/admin/list-properties'
import type { listAuditLogs } from '@server/features/admin/list-audit-logs'
import type { listEscrow } from '@server/features/admin/list-escrow'
import type { listOperators } from '@server/features/admin/list-operators'
import type { listOutbox } from '@server/features/admin/list-outbox'
import type { listReferrals, ReferralStatus } from '@server/features/admin/list-referrals'
import type { listReferrers } from '@server/features/admin/list-referrers'
import type { listSubscriptions } from '@server/features/admin/list-subscriptions'
import { api } from '../../../lib/api'
import type { Jsonify } from '../../../lib/json'


type Items<F extends (...args: never[]) => unknown[]> = Jsonify<ReturnType<F>[number]>

export type AdminStats = Jsonify<ReturnType<typeof getAdminStats>>
export type AdminReferral = Items<typeof listReferrals>
export type EscrowPayment = Items<typeof listEscrow>
export type PropertyPage = Jsonify<ReturnType<typeof listAllProperties>>
export type AdminProperty = PropertyPage['items'][number]
export type AdminOperator = Items<typeof listOperators>
export type AdminReferrer = Items<typeof listReferrers>
export type AdminSubscription = Items<typeof listSubscriptions>
export type AuditPage = Jsonify<ReturnType<typeof listAuditLogs>>
export type AuditEntry = AuditPage['items'][number]
export type OutboxEmail = Items<typeof listOutbox>
export type { ReferralStatus }

export const REFERRAL_STATUSES: ReferralStatus[] = ['pending', 'reviewing', 'matched', 'placed', 'rejected', 'cancelled']

const list = <T>(path: string) => api<{ items: T[] }>(path).then((r) => r.items)

/** Every admin query, keyed under 'admin' so one invalidation refreshes the dashboard. */
export const adminQueries = {
  stats: () => queryOptions({ queryKey: ['admin', 'stats'], queryFn: () => api<AdminStats>('/admin/stats') }),
  funnel: (days: 30 | 90) => queryOptions({ queryKey: ['admin', 'funnel', days], queryFn: () => api<Funnel>('/admin/funnel', { query: { days } }) }),
  referrals: () => queryOptions({ queryKey: ['admin', 'referrals'], queryFn: () => list<AdminReferral>('/admin/referrals') }),
  escrow: () => queryOptions({ queryKey: ['admin', 'escrow'], queryFn: () => list<EscrowPayment>('/admin/escrow') }),
  properties: () =>
    infiniteQueryOptions({
      queryKey: ['admin', 'properties'],
      queryFn: ({ pageParam }) => api<PropertyPage>('/admin/properties', { query: { page: pageParam, per_page: 100 } }),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    }),
  propertiesInState: (state: string) =>
    queryOptions({
      queryKey: ['admin', 'properties', 'state', state],
      queryFn: () => api<PropertyPage>('/admin/properties', { query: { state, per_page: 500 } }).then((r) => r.items),
      enabled: /^[A-Za-z]{2}$/.test(state),
    }),
  operators: () => queryOptions({ queryKey: ['admin', 'operators'], queryFn: () => list<AdminOperator>('/admin/operators') }),
  referrers: () => queryOptions({ queryKey: ['admin', 'referrers'], queryFn: () => list<AdminReferrer>('/admin/referrers') }),
  subscriptions: () =>
    queryOptions({ queryKey: ['admin', 'subscriptions'], queryFn: () => list<AdminSubscription>('/admin/subscriptions') }),
  auditLogs: () =>
    infiniteQueryOptions({
      queryKey: ['admin', 'audit-logs'],
      queryFn: ({ pageParam }) => api<AuditPage>('/admin/audit-logs', { query: { before: pageParam } }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.next_cursor ?? undefined,
    }),
  outbox: () => queryOptions({ queryKey: ['admin', 'outbox'], queryFn: () => list<OutboxEmail>('/admin/outbox') }),
}

export const updateReferral = (id: string, body: { status: ReferralStatus; matched_property_id?: string | null }) =>
  api<{ id: string; status: ReferralStatus; review_request_sent: boolean }>(`/admin/referrals/${id}`, { method: 'PATCH', body })

export const sendReviewRequest = (id: string) => api<{ ok: true }>(`/admin/referrals/${id}/review-request`, { method: 'POST' })

export const resolveEscrowPayment = (paymentId: string, body: { action: 'release' | 'refund'; reason: string }) =>
  api<{ message: string }>(`/admin/escrow/${paymentId}`, { method: 'POST', body })

export const setComplimentary = (body: { email: string; grant: boolean }) =>
  api<{ message: string }>('/admin/subscriptions/complimentary', { method: 'POST', body })

export const retryEmail = (id: string) => api<{ id: string }>(`/admin/outbox/${id}/retry`, { method: 'POST' })

/** Downloads a CSV export under the server's file name (which carries the date). */
export async function downloadCsv(path: '/admin/operators.csv' | '/admin/referrers.csv' | `/admin/funnel.csv?days=${30 | 90}`) {
  const response = await fetch(`/api${path}`, { credentials: 'same-origin' })
  if (!response.ok) throw new Error(`Export failed (${response.status})`)
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'export.csv'
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
  return name
}
