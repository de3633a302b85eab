import { useQuery } from '@tanstack/react-query'
import { ExternalLink } from 'lucide-react'
import { Link } from 'react-router'
import { SOCIAL_LABELS, SOCIAL_NETWORKS } from '@server/features/operators/profile.schemas'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { operatorProfileSchema } from '@server/features/operators/operators.responses'


/** What the operator chose to publish (their public profile and its links); never a private e-mail or phone. */
const contactsQuery = (username: string) => ({
  queryKey: queryKeys.tours.operatorContacts(username),
  queryFn: () => api<z.infer<typeof operatorProfileSchema>>(`/operators/${encodeURIComponent(username)}`),
  staleTime: 5 * 60_000,
  retry: false,
})

/**
 * A home on the free plan takes no tour requests online (the server refuses
 * them): the dialog says so before any field, with the ways to
 * reach the operator that the operator made public.
 */
export function NoOnlineTours({ home, operator }: { home: string; operator: { name: string; username: string | null } }) {
  const contacts = useQuery({ ...contactsQuery(operator.username ?? ''), enabled: !!operator.username })
  const links = SOCIAL_NETWORKS.flatMap((n) => {
    const url = contacts.data?.social_links[n]
    return url ? [{ label: SOCIAL_LABELS[n], url }] : []
  })
  return (
    <div className="space-y-4 text-sm text-slate-800" data-testid="no-online-tours">
      <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950" role="note">
        <strong>Tours can't be booked online for {home}.</strong> Online tour scheduling is a Premium feature this home's operator does not
        have. Contact the operator directly to arrange a visit.
      </p>
      <div>
        <h3 className="font-semibold text-slate-900">Ways to reach {operator.name || 'the operator'}</h3>
        {operator.username && contacts.isPending ? (
          <p className="mt-1 text-slate-600">Loading...</p>
        ) : (
          <ul className="mt-2 space-y-1.5" aria-label="Ways to reach the operator">
            {operator.username && (
              <li>
                <Link to={`/operator/${operator.username}`} className="font-medium text-brand-800 underline">
                  {operator.name || 'Operator'}'s public profile
                </Link>
              </li>
            )}
            {links.map((l) => (
              <li key={l.label}>
                <a href={l.url} target="_blank" rel="noopener noreferrer nofollow" className="inline-flex items-center gap-1 font-medium text-brand-800 underline">
                  {l.label} <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </li>
            ))}
            {!operator.username && links.length === 0 && (
              <li className="text-slate-600">
                This operator has not published a way to reach them on Homeward yet. You can{' '}
                <Link to="/submit-referral" className="font-medium text-brand-800 underline">
                  submit a referral
                </Link>{' '}
                instead: homes that fit are told about it.
              </li>
            )}
          </ul>
        )}
      </div>
    </div>
  )
}
