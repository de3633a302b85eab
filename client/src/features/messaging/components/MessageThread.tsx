import { useQuery } from '@tanstack/react-query'
import { Send } from 'lucide-react'
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { toast } from '../../../lib/toast'
import { MESSAGE_MAX, sendMessageSchema } from '@server/features/messaging/messaging.schemas'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Textarea } from '../../../components/ui/input'
import { Spinner } from '../../../components/ui/spinner'
import { ApiError, errorMessage } from '../../../lib/api'
import { cn } from '../../../lib/cn'
import { useT } from '../../../lib/i18n'
import { useDates } from '../../../lib/i18n/dates'
import { referralStatusLabel } from '../../../lib/labels'
import { useMarkConversationRead } from '../api/mark-conversation-read'
import { threadQuery, type Conversation } from '../api/messaging'
import { useSendMessage } from '../api/send-message'

const PAGE = 200

/** One conversation's messages and the composer (panel 600 px high). Opening it marks the other party's messages read. */
export function MessageThread({ conversation }: { conversation: Conversation }) {
  const [limit, setLimit] = useState(PAGE)
  const t = useT('messaging')
  const { messageTime } = useDates()
  const thread = useQuery(threadQuery(conversation.id, limit))
  // mutate is stable across renders, so the effect below runs only when the unread state changes.
  const { mutate: markRead } = useMarkConversationRead()
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const bottom = useRef<HTMLDivElement>(null)
  const canWrite = conversation.my_role !== 'admin'

  useEffect(() => {
    if (thread.isError) toast.error(t('messaging.loadFailed'))
  }, [thread.isError, t])

  // Mark read whenever unread messages from the other party are on screen, again when another one arrives live.
  const lastUnreadFromThem = thread.data?.messages.findLast((m) => !m.mine && !m.is_read)?.id
  const lastMessageId = thread.data?.messages.at(-1)?.id
  useEffect(() => {
    if (!lastUnreadFromThem || !canWrite) return
    // A failure is left alone: the badge stays; the next open retries.
    markRead(conversation.id)
  }, [lastUnreadFromThem, conversation.id, canWrite, markRead])

  // Follow the newest message (the first load, one sent, one arrived live).
  useEffect(() => {
    if (lastMessageId) bottom.current?.scrollIntoView({ block: 'end' })
  }, [lastMessageId])

  const send = useSendMessage()

  const submit = (event?: FormEvent) => {
    event?.preventDefault()
    // One message per send: Enter while the last one is still on its way (or waiting offline) sends nothing more.
    if (send.isPending) return
    const sent = text
    const parsed = sendMessageSchema.safeParse({ message_text: text })
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('messaging.emptyMessage'))
      return
    }
    setError(null)
    send.mutate(
      { conversationId: conversation.id, message_text: parsed.data.message_text },
      {
        onSuccess: () => {
          // The sent text leaves the box; what was typed after it, while it was on its way, stays.
          setText((now) => (now.startsWith(sent) ? now.slice(sent.length).trimStart() : now))
          toast.success(t('messaging.sent'))
        },
        onError: (e) => {
          if (e instanceof ApiError && e.status === 422) setError(e.message)
          toast.error(t('messaging.sendFailed'), { description: errorMessage(e, '') || undefined })
        },
      },
    )
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      submit()
    }
  }

  return (
    <section aria-label={t('messaging.conversationWith', { name: conversation.counterpart_name })} className="flex h-[75vh] min-h-96 min-w-0 flex-col lg:h-[600px]">
      <header className="border-b border-slate-200 px-4 py-3">
        <h3 className="truncate font-semibold text-slate-900">{conversation.counterpart_name}</h3>
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          {t('messaging.referral', { label: conversation.referral_label })}
          <Badge>{referralStatusLabel(conversation.referral_status)}</Badge>
          {conversation.my_role === 'admin' && <Badge tone="amber">{t('messaging.readOnlyAdmin')}</Badge>}
        </p>
      </header>
      <div className="flex-1 overflow-y-auto px-4 py-3" aria-live="polite" aria-relevant="additions">
        {thread.isPending ? (
          <Spinner label={t('messaging.loading')} />
        ) : thread.isError ? (
          <p className="py-10 text-center text-sm text-red-700">{t('messaging.loadFailed')}</p>
        ) : thread.data.messages.length === 0 ? (
          <p className="py-10 text-center text-sm text-slate-600">{t('messaging.noMessagesHello')}</p>
        ) : (
          <ol className="space-y-3">
            {thread.data.has_more && (
              <li className="text-center">
                <Button variant="link" size="sm" onClick={() => setLimit((l) => l + PAGE)}>
                  {t('messaging.loadEarlier')}
                </Button>
              </li>
            )}
            {thread.data.messages.map((m) => (
              <li key={m.id} className={cn('flex', m.mine ? 'justify-end' : 'justify-start')}>
                <div
                  className={cn(
                    'min-w-0 max-w-[80%] rounded-lg px-3 py-2 text-sm [overflow-wrap:anywhere]',
                    m.mine ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-900',
                  )}
                >
                  {!m.mine && <p className="text-xs font-semibold">{m.sender_name}</p>}
                  <p className="whitespace-pre-wrap break-words">{m.message_text}</p>
                  <p className={cn('mt-1 text-xs', m.mine ? 'text-brand-100' : 'text-slate-500')}>
                    <time dateTime={m.created_at}>{messageTime(m.created_at)}</time>
                  </p>
                </div>
              </li>
            ))}
          </ol>
        )}
        <div ref={bottom} />
      </div>
      {canWrite && (
        <form onSubmit={submit} className="border-t border-slate-200 p-3" noValidate>
          <div className="flex items-end gap-2">
            <label htmlFor={`composer-${conversation.id}`} className="sr-only">
              {t('messaging.message')}
            </label>
            <Textarea
              id={`composer-${conversation.id}`}
              value={text}
              onChange={(e) => {
                setText(e.target.value)
                if (error) setError(null)
              }}
              onKeyDown={onKeyDown}
              placeholder={t('messaging.placeholder')}
              maxLength={MESSAGE_MAX}
              rows={2}
              className="min-h-16 resize-none"
              aria-invalid={error ? true : undefined}
              aria-describedby={`composer-${conversation.id}-error`}
            />
            <Button type="submit" disabled={send.isPending} aria-label={t('messaging.send')}>
              <Send className="h-4 w-4" aria-hidden="true" />
              <span className="hidden sm:inline">{t('messaging.sendShort')}</span>
            </Button>
          </div>
          <p id={`composer-${conversation.id}-error`} role="alert" className={cn('mt-1 text-sm text-red-700', !error && 'sr-only')}>
            {error ?? ''}
          </p>
        </form>
      )}
    </section>
  )
}
