import { MessageSquare } from 'lucide-react'
import { Badge } from '../../../components/ui/badge'
import { cn } from '../../../lib/cn'
import { useT } from '../../../lib/i18n'
import { useDates } from '../../../lib/i18n/dates'
import type { Conversation } from '../api/messaging'

/** The conversations, newest message first, each with its unread badge (list 540 px high; on a phone, as tall as its rows up to 60% of the screen). */
export function ConversationList({
  conversations,
  selectedId,
  onSelect,
}: {
  conversations: Conversation[]
  selectedId: string | null
  onSelect: (id: string) => void
}) {
  const t = useT('messaging')
  const { messageTime } = useDates()
  return (
    <ul aria-label={t('messaging.conversations')} className="max-h-[60vh] min-w-0 divide-y divide-slate-100 overflow-y-auto lg:h-[540px] lg:max-h-none">
      {conversations.map((c) => {
        const active = c.id === selectedId
        return (
          <li key={c.id} className="min-w-0">
            <button
              type="button"
              onClick={() => onSelect(c.id)}
              aria-current={active ? 'true' : undefined}
              className={cn(
                'flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600',
                active && 'bg-brand-50 hover:bg-brand-50',
              )}
            >
              <MessageSquare className="mt-0.5 h-5 w-5 shrink-0 text-slate-400" aria-hidden="true" />
              <span className="min-w-0 flex-1">
                <span className="flex items-center justify-between gap-2">
                  <span className={cn('truncate text-sm text-slate-900', c.unread_count > 0 ? 'font-semibold' : 'font-medium')}>
                    {c.counterpart_name}
                  </span>
                  {c.last_message_at && <span className="shrink-0 text-xs text-slate-500">{messageTime(c.last_message_at)}</span>}
                </span>
                <span className="block truncate text-xs text-slate-600">{t('messaging.referral', { label: c.referral_label })}</span>
                <span className="mt-0.5 flex items-center justify-between gap-2">
                  <span className="truncate text-sm text-slate-600">{c.last_message_preview ?? t('messaging.noMessages')}</span>
                  {c.unread_count > 0 && (
                    <Badge tone="brand" aria-label={t('messaging.unread', { count: c.unread_count })}>
                      {c.unread_count}
                    </Badge>
                  )}
                </span>
              </span>
            </button>
          </li>
        )
      })}
    </ul>
  )
}
