import { publicUrl } from '../env'

/**
 * A FHIR searchset's `link`s (ADR 032, ADR 042): `self`, and exact `next`/`previous` — the same query on the
 * public base with `_offset` moved by `_count` — so a client pages through every match once. Shared by the
 * public directory and the systems' REST searches.
 */
export function pageLinks(requestUrl: string, total: number, offset: number, count: number) {
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
  return link
}
