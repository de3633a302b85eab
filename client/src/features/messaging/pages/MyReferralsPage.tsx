import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Link, useSearchParams } from 'react-router'
import { toast } from '../../../lib/toast'
import { Badge } from '../../../components/ui/badge'
import { Card } from '../../../components/ui/card'
import { Page } from '../../../components/ui/page'
import { Spinner } from '../../../components/ui/spinner'
import { cn } from '../../../lib/cn'
import { useT } from '../../../lib/i18n'
import { useDates } from '../../../lib/i18n/dates'
import { messageReferralsQuery, type MessageReferral } from '../api/messaging'
import { MessagesPanel } from '../components/MessagesPanel'

/** /my-referrals: the referrer's referrals on the left, their conversations with operators on the right. */
export function MyReferralsPage() {
  const t = useT('messaging')
  const [params, setParams] = useSearchParams()
  const referrals = useQuery(messageReferralsQuery)
  const selectedId = params.get('referral')
  const selected = referrals.data?.items.find((r) => r.id === selectedId) ?? null

  useEffect(() => {
    if (referrals.isError) toast.error(t('messaging.referralsLoadFailed'))
  }, [referrals.isError, t])

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
    <Page title={t('messaging.myReferralsTitle')} subtitle={t('messaging.myReferralsSubtitle')}>
      <div className="grid gap-6 lg:grid-cols-[300px_1fr]">
        <Card className="self-start overflow-hidden">
          <h2 className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900">{t('messaging.myReferrals')}</h2>
          {referrals.isPending ? (
            <Spinner label={t('messaging.loadingReferrals')} />
          ) : referrals.isError ? (
            <p className="p-4 text-sm text-red-700">{t('messaging.referralsLoadFailed')}</p>
          ) : referrals.data.items.length === 0 ? (
            <div className="space-y-2 p-4 text-sm text-slate-600">
              <p>{t('messaging.noReferrals')}</p>
              <Link className="font-medium text-brand-700 hover:underline" to="/submit-referral">
                {t('messaging.submitReferral')}
              </Link>
            </div>
          ) : (
            <ul aria-label={t('messaging.myReferralsList')} className="max-h-[600px] divide-y divide-slate-100 overflow-y-auto">
              <li>
                <ReferralButton active={!selected} onClick={() => choose(null)} title={t('messaging.allReferrals')} />
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
  const t = useT('messaging')
  const { shortDate } = useDates()
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
          <Badge tone="brand" aria-label={t('messaging.unread', { count: referral.unread_count })}>
            {referral.unread_count}
          </Badge>
        )}
      </span>
      {referral && (
        <span className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
          <Badge tone={referral.state.tone} data-status={referral.state.step}>
            {referral.state.label}
          </Badge>
          <span>{t('messaging.submitted', { date: shortDate(referral.created_at) })}</span>
          <span>{t('messaging.conversationCount', { count: referral.conversation_count })}</span>
        </span>
      )}
    </button>
  )
}
