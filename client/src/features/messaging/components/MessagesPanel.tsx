import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useSearchParams } from 'react-router'
import { toast } from 'sonner'
import { Card } from '../../../components/ui/card'
import { Spinner } from '../../../components/ui/spinner'
import { conversationsQuery } from '../api/messaging'
import { ConversationList } from './ConversationList'
import { MessageThread } from './MessageThread'

export const NO_CONVERSATIONS = 'No conversations yet. Express interest in referrals to start messaging.'

/**
 * Conversation list and thread: the operator dashboard's Messages tab
 * (side 'operator') and /my-referrals (side 'referrer', optionally one
 * referral). The open conversation is the `conversation` search parameter, so
 * notification links open it and other parameters (tab=messages) stay.
 */
export function MessagesPanel({ side, referralId }: { side: 'operator' | 'referrer'; referralId?: string }) {
  const [params, setParams] = useSearchParams()
  const list = useQuery(conversationsQuery({ as: side, referral_id: referralId }))
  const selectedId = params.get('conversation')
  const selected = list.data?.items.find((c) => c.id === selectedId) ?? null

  useEffect(() => {
    if (list.isError) toast.error('Failed to load conversations')
  }, [list.isError])

  const select = (id: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        next.set('conversation', id)
        return next
      },
      { replace: true },
    )

  return (
    <Card className="grid overflow-hidden lg:grid-cols-[minmax(260px,340px)_1fr]">
      <div className="border-b border-slate-200 lg:border-b-0 lg:border-r">
        <h2 className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900">Conversations</h2>
        {list.isPending ? (
          <div className="h-[540px]">
            <Spinner label="Loading conversations" />
          </div>
        ) : list.isError ? (
          <p className="h-[540px] p-4 text-sm text-red-700">Failed to load conversations</p>
        ) : list.data.items.length === 0 ? (
          <p className="h-[540px] p-4 text-sm text-slate-600">{NO_CONVERSATIONS}</p>
        ) : (
          <ConversationList conversations={list.data.items} selectedId={selected?.id ?? null} onSelect={select} />
        )}
      </div>
      {selected ? (
        <MessageThread key={selected.id} conversation={selected} />
      ) : (
        <div className="flex h-[600px] items-center justify-center p-6 text-center text-slate-600">
          Select a conversation to view messages
        </div>
      )}
    </Card>
  )
}
