import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { Dialog } from '../../../components/ui/dialog'
import { Spinner } from '../../../components/ui/spinner'
import { api } from '../../../lib/api'
import { useT } from '../../../lib/i18n'
import { dateTime, useLoadErrorToast } from './admin-ui'
import type { AdminThread } from '../api/admin-api'

/**
 * One conversation, read-only, for an admin weighing an escrow decision
 * (`?tab=escrow&conversation=<id>`). The server lets admins read and never
 * write, and records each reading in the audit log.
 */
export function ConversationDialog() {
  const t = useT('admin')
  const [params, setParams] = useSearchParams()
  const id = params.get('conversation')
  const thread = useQuery({
    queryKey: ['admin', 'conversation', id],
    queryFn: () => api<AdminThread>(`/conversations/${encodeURIComponent(id!)}/messages`, { query: { limit: 100 } }),
    enabled: !!id,
  })
  useLoadErrorToast(thread.error, 'Failed to load conversations')
  if (!id) return null
  const close = () =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        next.delete('conversation')
        return next
      },
      { replace: true },
    )
  const c = thread.data?.conversation
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && close()}
      title={t('escrow.conversationTitle', { ref: c ? c.referral_id.slice(0, 8) : '…' })}
      description={c ? t('escrow.conversationDescription', { operator: c.operator_name, referrer: c.referrer_name }) : undefined}
    >
      {thread.isPending ? (
        <Spinner label="Loading" />
      ) : !thread.data || thread.data.messages.length === 0 ? (
        <p className="text-sm text-slate-600">{t('escrow.noMessages')}</p>
      ) : (
        <ol className="max-h-[60vh] space-y-3 overflow-y-auto" aria-label={t('escrow.conversation')}>
          {thread.data.messages.map((m) => (
            <li key={m.id} className="rounded-lg bg-slate-50 p-3 text-sm">
              <p className="text-xs text-slate-600">
                <span className="font-medium text-slate-800">{m.sender_name}</span> · {dateTime(m.created_at)}
              </p>
              <p className="mt-1 whitespace-pre-wrap wrap-anywhere">{m.message_text}</p>
            </li>
          ))}
        </ol>
      )}
    </Dialog>
  )
}
