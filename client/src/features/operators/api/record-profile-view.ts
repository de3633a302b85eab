import { api } from '../../../lib/api'
import type { z } from 'zod'
import type { profileViewRecordedSchema } from '@server/features/operators/operators.responses'

/**
 * One profile view per visit; the server records the IP and user agent itself.
 * Analytics only: nothing the visitor sees changes and a failure is never shown. It is a plain
 * request, not a mutation the page observes: the mutation's states re-rendered the whole profile
 * twice, synchronously, right after it hydrated (ADR 027).
 */
export const recordProfileView = (username: string) =>
  void api<z.infer<typeof profileViewRecordedSchema>>(`/operators/${encodeURIComponent(username)}/views`, {
    method: 'POST',
    body: { referrer_url: document.referrer || null },
  }).catch(() => {})
