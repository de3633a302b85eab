import { format } from 'date-fns'
import { useEffect, type ReactNode } from 'react'
import { toast } from '../../../lib/toast'
import { Badge } from '../../../components/ui/badge'
import { errorMessage } from '../../../lib/api'
import { personName } from '../../../lib/format'

/** A tab whose data fails to load says so once, in a toast. */
export function useLoadErrorToast(error: unknown, message: string) {
  useEffect(() => {
    if (error) toast.error(message, { description: errorMessage(error, 'Please try again.') })
  }, [error, message])
}

export const dateTime = (iso: string | null | undefined) => (iso ? format(new Date(iso), 'MMM d, yyyy h:mm a') : '—')
export const dateOnly = (iso: string | null | undefined) => (iso ? format(new Date(iso), 'MMM d, yyyy') : '—')
/**
 * A control that is busy while its request runs. Not `disabled`: a focused
 * control that becomes disabled loses focus to the top of the page, and a
 * keyboard user has to find their row again. `aria-disabled` says it is busy;
 * the caller ignores activations meanwhile.
 */
export const busyProps = (busy: boolean) => ({ 'aria-disabled': busy || undefined, className: busy ? 'cursor-wait opacity-70' : undefined })

/** Admin tables show a dash for an account with no name. */
export const fullName = (first?: string | null, last?: string | null) => personName(first, last) || '—'

/** An account's plan; a complimentary grant is Premium without a paid tier or a provider status: said so rather than 'free'. */
export function PlanBadge({ account }: { account: { is_complimentary: boolean; tier: string } }) {
  if (account.is_complimentary) return <Badge tone="purple">Complimentary</Badge>
  return account.tier === 'premium' ? <Badge tone="brand">Premium</Badge> : <Badge>Free</Badge>
}

/** A cell's main line with a smaller one under it (an account's e-mail). */
export function Stacked({ main, sub, strong = false }: { main: ReactNode; sub?: ReactNode; strong?: boolean }) {
  return (
    <>
      <p className={strong ? 'font-medium' : undefined}>{main}</p>
      {sub && <p className="text-xs text-slate-600">{sub}</p>}
    </>
  )
}

/** When something was done, and by whom (a grant, an escrow decision). */
export function DoneAt({ at, by }: { at: string | null; by: string | null }) {
  return <Stacked main={dateTime(at)} sub={by && `by ${by}`} />
}
