import { useQuery } from '@tanstack/react-query'
import { Building2, CalendarDays, HeartHandshake, MessageSquare } from 'lucide-react'
import { useEffect } from 'react'
import { toast } from '../../../lib/toast'
import { Card } from '../../../components/ui/card'
import { statsQuery } from '../api/dashboard'

/** The operator dashboard's four stat cards. */
export function StatCards() {
  const stats = useQuery(statsQuery)
  useEffect(() => {
    if (stats.isError) toast.error('Failed to load dashboard stats')
  }, [stats.isError])
  const value = (n: number | undefined) => (stats.isPending ? '…' : (n ?? '—'))
  const cards = [
    { label: 'Active Properties', value: value(stats.data?.active_properties), icon: Building2 },
    { label: 'Referral Interests', value: value(stats.data?.interests), icon: HeartHandshake },
    { label: 'Upcoming Tours', value: value(stats.data?.upcoming_tours), icon: CalendarDays },
    { label: 'Unread Messages', value: value(stats.data?.unread_messages), icon: MessageSquare },
  ]
  return (
    <ul className="grid grid-cols-2 gap-4 xl:grid-cols-4" aria-label="Dashboard stats">
      {cards.map(({ label, value, icon: Icon }) => (
        <li key={label}>
          <Card className="flex items-center gap-3 p-4">
            <Icon className="h-8 w-8 shrink-0 text-brand-700" aria-hidden="true" />
            <div>
              <p className="text-2xl font-bold text-slate-900" data-testid={`stat-${label}`}>
                {value}
              </p>
              <p className="text-sm text-slate-600">{label}</p>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  )
}
