import { differenceInCalendarDays } from 'date-fns'
import { CalendarCheck, CircleAlert } from 'lucide-react'
import { useConfig } from '../../../lib/config'
import { useNow } from '../../../lib/render-time'

/** "Beds confirmed today / 1 day ago / N days ago", or past the configured window "Availability not confirmed recently". */
export function bedsFreshnessText(confirmedAt: string | null, freshDays: number, now = new Date()) {
  if (!confirmedAt) return { fresh: false, text: 'Availability not confirmed recently' }
  const days = Math.max(0, differenceInCalendarDays(now, new Date(confirmedAt)))
  if (now.getTime() - new Date(confirmedAt).getTime() >= freshDays * 86_400_000) return { fresh: false, text: 'Availability not confirmed recently' }
  return { fresh: true, text: days === 0 ? 'Beds confirmed today' : days === 1 ? 'Beds confirmed 1 day ago' : `Beds confirmed ${days} days ago` }
}

export function BedsFreshness({ confirmedAt, className = '' }: { confirmedAt: string | null; className?: string }) {
  const freshDays = useConfig()?.beds_fresh_days ?? 14
  const { fresh, text } = bedsFreshnessText(confirmedAt, freshDays, useNow())
  const Icon = fresh ? CalendarCheck : CircleAlert
  return (
    <span className={`flex items-center gap-1 text-xs ${fresh ? 'text-emerald-800' : 'text-amber-800'} ${className}`} data-testid="beds-freshness">
      <Icon className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
      {text}
    </span>
  )
}
