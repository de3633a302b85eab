import { pageLinks } from '../../../lib/fhir-paging'
import { publicUrl } from '../../../env'
import type { FhirResource } from '../fhir-types'

/**
 * A searchset Bundle (ADR 042): `total` across pages, `self` and exact `next`/`previous` links (the
 * same query, `_offset` moved), as the directory pages (ADR 032). Entries' `fullUrl` on the public base.
 */
export function searchset(requestUrl: string, total: number, offset: number, count: number, entries: readonly { resource: FhirResource; mode: 'match' | 'include' }[]) {
  const link = pageLinks(requestUrl, total, offset, count)
  return {
    resourceType: 'Bundle' as const,
    type: 'searchset' as const,
    total,
    link,
    entry: entries.map((e) => ({ fullUrl: `${publicUrl()}/fhir/r4/${e.resource.resourceType}/${e.resource.id}`, resource: e.resource, search: { mode: e.mode } })),
  }
}
