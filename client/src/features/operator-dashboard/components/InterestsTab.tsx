import { useQuery } from '@tanstack/react-query'
import { Badge } from '../../../components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { Spinner } from '../../../components/ui/spinner'
import { ButtonLink } from '../../../components/ui/button'
import { shortDate } from '../../../lib/format'
import { myInterestsQuery, WithdrawInterestButton } from '../../marketplace'
import { humanize, referralStatusLabel } from '../../../lib/labels'

/** Referrals the operator expressed interest in, named as far as this operator may see. */
export function InterestsTab() {
  const interests = useQuery(myInterestsQuery)
  if (interests.isPending) return <Spinner label="Loading interests..." />
  if (interests.isError) return <p className="text-red-700">Failed to load your referral interests</p>
  const items = interests.data.items
  return (
    <Card>
      <CardHeader>
        <CardTitle>Referral Interests</CardTitle>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <div className="space-y-3 text-slate-600">
            <p>You have not expressed interest in any referral yet.</p>
            <ButtonLink to="/browse-referrals" size="sm">
              Browse Referrals
            </ButtonLink>
          </div>
        ) : (
          <ul className="divide-y divide-slate-200">
            {items.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-medium text-slate-900">{i.client_name}</p>
                  <p className="text-sm text-slate-600">
                    {[i.preferred_cities?.join(', '), i.preferred_state].filter(Boolean).join(', ')} · interested {shortDate(i.created_at)}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Badge tone={i.status === 'interested' ? 'yellow' : 'gray'}>{humanize(i.status)}</Badge>
                  <Badge tone="blue">Referral {referralStatusLabel(i.referral_status).toLowerCase()}</Badge>
                  {i.unlocked && <Badge tone="green">Unlocked</Badge>}
                  {i.waitlist_position != null && <Badge tone="purple">#{i.waitlist_position} in line</Badge>}
                  {/* Only an interest on an open referral with no payment or waitlist place of theirs can be taken back. */}
                  {i.referral_status === 'pending' && !i.unlocked && i.payment_status !== 'pending' && i.waitlist_position == null && (
                    <WithdrawInterestButton referralId={i.referral_id} size="sm" />
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
