import { publicUrl } from '../../../env'
import type { FhirResource } from '../fhir-types'

/**
 * A searchset Bundle (ADR 042): `total` across pages, `self` and exact `next`/`previous` links (the
 * same query, `_offset` moved), as the directory pages (ADR 032). Entries' `fullUrl` on the public base.
 */
export function searchset(requestUrl: string, total: number, offset: number, count: number, entries: readonly { resource: FhirResource; mode: 'match' | 'include' }[]) {
  const self = new URL(requestUrl)
  const params = new URLSearchParams(self.search)
  params.delete('_offset')
  params.delete('_count')
  const query = params.toString()
  const prefix = `${publicUrl()}${self.pathname}?${query}${query ? '&' : ''}`
  const at = (o: number) => `${prefix}_count=${count}&_offset=${o}`
  const link = [{ relation: 'self', url: at(offset) }]
  if (offset + count < total) link.push({ relation: 'next', url: at(offset + count) })
  if (offset > 0) link.push({ relation: 'previous', url: at(Math.max(0, offset - count)) })
  return {
    resourceType: 'Bundle' as const,
    type: 'searchset' as const,
    total,
    link,
    entry: entries.map((e) => ({ fullUrl: `${publicUrl()}/fhir/r4/${e.resource.resourceType}/${e.resource.id}`, resource: e.resource, search: { mode: e.mode } })),
  }
}
