import { useQuery } from '@tanstack/react-query'
import { Bell } from 'lucide-react'
import { useId } from 'react'
import { useNavigate } from 'react-router'
import { useDisclosure } from '../../../components/use-disclosure'
import { toast } from '../../../lib/toast'
import { cn } from '../../../lib/cn'
import { messageTime } from '../../../lib/format'
import { useMarkNotificationsRead } from '../api/mark-notifications-read'
import { notificationsQuery, type AppNotification } from '../api/notifications'

/** The header's bell: unread count, the latest notifications, live through the realtime provider. */
export function NotificationBell() {
  const marking = useMarkNotificationsRead()
  const navigate = useNavigate()
  const list = useQuery(notificationsQuery)
  // The panel closes on navigation, on Escape and on a press outside it.
  const { open, setOpen, toggle, button, root } = useDisclosure()
  const panelId = useId()
  const unread = list.data?.unread_count ?? 0

  const markRead = async (ids?: string[]) => {
    try {
      await marking.mutateAsync(ids)
    } catch {
      toast.error('Failed to update notifications')
    }
  }
  const openNotification = (n: AppNotification) => {
    if (!n.read_at) void markRead([n.id])
    setOpen(false)
    if (n.link) navigate(n.link)
  }

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        className="relative rounded-md p-2 text-slate-700 hover:bg-slate-100"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        <Bell className="h-5 w-5" aria-hidden="true" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-semibold leading-5 text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <section
          id={panelId}
          aria-label="Notifications"
          // On a phone the bell is not at the screen's edge (the menu button is): the panel spans the screen under the header
          // instead of hanging from the bell and running off the left edge.
          className="fixed inset-x-4 top-16 z-40 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg sm:absolute sm:inset-x-auto sm:right-0 sm:top-auto sm:mt-2 sm:w-80"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-2">
            <h2 className="text-sm font-semibold text-slate-900">Notifications</h2>
            {unread > 0 && (
              <button type="button" className="text-xs font-medium text-brand-700 hover:underline" onClick={() => void markRead()}>
                Mark all as read
              </button>
            )}
          </div>
          {list.isError ? (
            <p className="p-4 text-sm text-red-700">Failed to load notifications</p>
          ) : !list.data || list.data.items.length === 0 ? (
            <p className="p-4 text-sm text-slate-600">No notifications yet.</p>
          ) : (
            <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
              {list.data.items.map((n) => (
                <li key={n.id}>
                  <button
                    type="button"
                    onClick={() => openNotification(n)}
                    className={cn('flex w-full gap-2 px-4 py-3 text-left hover:bg-slate-50', !n.read_at && 'bg-brand-50/50')}
                  >
                    <span
                      aria-hidden="true"
                      className={cn('mt-1.5 h-2 w-2 shrink-0 rounded-full', n.read_at ? 'bg-transparent' : 'bg-brand-600')}
                    />
                    <span className="min-w-0">
                      <span className={cn('block text-sm text-slate-900', !n.read_at && 'font-semibold')}>
                        {n.title}
                        {!n.read_at && <span className="sr-only"> (unread)</span>}
                      </span>
                      {n.body && <span className="block text-sm text-slate-600">{n.body}</span>}
                      <span className="block text-xs text-slate-500">{messageTime(n.created_at)}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  )
}
