import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Link, useSearchParams } from 'react-router'
import { toast } from '../../../lib/toast'
import { Badge } from '../../../components/ui/badge'
import { Card } from '../../../components/ui/card'
import { Page } from '../../../components/ui/page'
import { Spinner } from '../../../components/ui/spinner'
import { cn } from '../../../lib/cn'
import { shortDate } from '../../../lib/format'
import { messageReferralsQuery, type MessageReferral } from '../api/messaging'
import { MessagesPanel } from '../components/MessagesPanel'

/** Placed green, pending yellow, matched blue, cancelled red, others grey. */
/** /my-referrals: the referrer's referrals on the left, their conversations with operators on the right. */
export function MyReferralsPage() {
  const [params, setParams] = useSearchParams()
  const referrals = useQuery(messageReferralsQuery)
  const selectedId = params.get('referral')
  const selected = referrals.data?.items.find((r) => r.id === selectedId) ?? null

  useEffect(() => {
    if (referrals.isError) toast.error('Failed to load your referrals')
  }, [referrals.isError])

  const choose = (id: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        if (id) next.set('referral', id)
        else next.delete('referral')
        next.delete('conversation')
        return next
      },
      { replace: true },
    )

  return (
    <Page title="My Referrals & Messages" subtitle="Follow your referrals and talk with the operators interested in them.">
      <div className="grid gap-6 lg:grid-cols-[300px_1fr]">
        <Card className="self-start overflow-hidden">
          <h2 className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900">My Referrals</h2>
          {referrals.isPending ? (
            <Spinner label="Loading referrals" />
          ) : referrals.isError ? (
            <p className="p-4 text-sm text-red-700">Failed to load your referrals</p>
          ) : referrals.data.items.length === 0 ? (
            <div className="space-y-2 p-4 text-sm text-slate-600">
              <p>You have not submitted any referrals yet.</p>
              <Link className="font-medium text-brand-700 hover:underline" to="/submit-referral">
                Submit a referral
              </Link>
            </div>
          ) : (
            <ul aria-label="My referrals" className="max-h-[600px] divide-y divide-slate-100 overflow-y-auto">
              <li>
                <ReferralButton active={!selected} onClick={() => choose(null)} title="All referrals" />
              </li>
              {referrals.data.items.map((r) => (
                <li key={r.id}>
                  <ReferralButton active={r.id === selected?.id} onClick={() => choose(r.id)} referral={r} title={r.client_name} />
                </li>
              ))}
            </ul>
          )}
        </Card>
        <div className="min-w-0">
          <MessagesPanel key={selected?.id ?? 'all'} side="referrer" referralId={selected?.id} />
        </div>
      </div>
    </Page>
  )
}

function ReferralButton({
  active,
  onClick,
  title,
  referral,
}: {
  active: boolean
  onClick: () => void
  title: string
  referral?: MessageReferral
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-current={active ? 'true' : undefined}
      className={cn(
        'flex w-full flex-col gap-1 px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600',
        active && 'bg-brand-50 hover:bg-brand-50',
      )}
    >
      <span className="flex items-center justify-between gap-2">
        <span className="truncate text-sm font-medium text-slate-900">{title}</span>
        {referral && referral.unread_count > 0 && (
          <Badge tone="brand" aria-label={`${referral.unread_count} unread`}>
            {referral.unread_count}
          </Badge>
        )}
      </span>
      {referral && (
        <span className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
          <Badge tone={referral.state.tone} data-status={referral.state.step}>
            {referral.state.label}
          </Badge>
          <span>Submitted {shortDate(referral.created_at)}</span>
          <span>
            {referral.conversation_count} conversation{referral.conversation_count === 1 ? '' : 's'}
          </span>
        </span>
      )}
    </button>
  )
}
