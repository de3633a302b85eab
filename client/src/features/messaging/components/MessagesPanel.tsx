import { useQuery } from '@tanstack/react-query'
import { ArrowLeft } from 'lucide-react'
import { useEffect } from 'react'
import { useSearchParams } from 'react-router'
import { toast } from '../../../lib/toast'
import { MESSAGING_RULE } from '@server/features/billing/plans'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Spinner } from '../../../components/ui/spinner'
import { cn } from '../../../lib/cn'
import { useT } from '../../../lib/i18n'
import { useAuth } from '../../auth'
import { useBillingActions } from '../../billing'
import { conversationsQuery } from '../api/messaging'
import { ConversationList } from './ConversationList'
import { MessageThread } from './MessageThread'

/**
 * Conversation list and thread: the operator dashboard's Messages tab
 * (side 'operator') and /my-referrals (side 'referrer', optionally one
 * referral). The open conversation is the `conversation` search parameter, so
 * notification links open it and other parameters (tab=messages) stay; a
 * `referral` parameter alone (a card's Message Referrer) opens that
 * referral's conversation.
 *
 * On a phone the list and the thread take turns: the open thread fills the
 * panel with a way back to the list, instead of sitting under a tall list.
 */
export function MessagesPanel({ side, referralId }: { side: 'operator' | 'referrer'; referralId?: string }) {
  const t = useT('messaging')
  const [params, setParams] = useSearchParams()
  const { subscription } = useAuth()
  const list = useQuery(conversationsQuery({ as: side, referral_id: referralId }))
  const requestedReferral = side === 'operator' ? params.get('referral') : null
  const selectedId = params.get('conversation')
  const selected =
    list.data?.items.find((c) => c.id === selectedId) ??
    (!selectedId && requestedReferral ? (list.data?.items.find((c) => c.referral_id === requestedReferral) ?? null) : null)

  useEffect(() => {
    if (list.isError) toast.error(t('messaging.conversationsLoadFailed'))
  }, [list.isError, t])

  const select = (id: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        if (id) next.set('conversation', id)
        else next.delete('conversation')
        // The operator's `referral` only asked for a conversation; the referrer's page keeps its own `referral` (the chosen referral).
        if (side === 'operator') next.delete('referral')
        return next
      },
      { replace: true },
    )

  const freeOperator = side === 'operator' && !!subscription && !subscription.subscribed
  const empty = side === 'referrer' ? t('messaging.emptyReferrer') : freeOperator ? null : t('messaging.emptyOperator')

  return (
    <Card className="grid grid-cols-1 overflow-hidden lg:grid-cols-[minmax(260px,340px)_minmax(0,1fr)]">
      <div className={cn('min-w-0 border-b border-slate-200 lg:border-b-0 lg:border-r', selected && 'hidden lg:block')}>
        <h2 className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900">{t('messaging.conversations')}</h2>
        {list.isPending ? (
          <div className="h-40 lg:h-[540px]">
            <Spinner label={t('messaging.loadingConversations')} />
          </div>
        ) : list.isError ? (
          <p className="p-4 text-sm text-red-700 lg:h-[540px]">{t('messaging.conversationsLoadFailed')}</p>
        ) : list.data.items.length === 0 ? (
          <div className="p-4 text-sm text-slate-600 lg:h-[540px]">
            {empty ?? <FreePlanMessaging />}
          </div>
        ) : (
          <ConversationList conversations={list.data.items} selectedId={selected?.id ?? null} onSelect={select} />
        )}
      </div>
      {selected ? (
        <div className="min-w-0">
          <div className="border-b border-slate-200 px-2 py-1 lg:hidden">
            <Button variant="ghost" size="sm" onClick={() => select(null)}>
              <ArrowLeft className="h-4 w-4" aria-hidden="true" /> {t('messaging.allConversations')}
            </Button>
          </div>
          <MessageThread key={selected.id} conversation={selected} />
        </div>
      ) : (
        <div className="hidden h-[600px] items-center justify-center p-6 text-center text-slate-600 lg:flex">
          {t('messaging.select')}
        </div>
      )}
    </Card>
  )
}

/** A free operator's empty Messages tab: the plan's rule, as the pricing page and the plan card say it, and the way to Premium. */
function FreePlanMessaging() {
  const t = useT('messaging')
  const actions = useBillingActions()
  return (
    <div className="space-y-3" data-testid="free-messaging">
      <p>{MESSAGING_RULE}</p>
      <Button size="sm" onClick={actions.upgrade} disabled={actions.busy}>
        {t('messaging.freeTrial')}
      </Button>
    </div>
  )
}
