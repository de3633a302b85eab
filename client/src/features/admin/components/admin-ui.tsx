import { format } from 'date-fns'
import { useEffect, type ReactNode, type ThHTMLAttributes, type TdHTMLAttributes } from 'react'
import { toast } from '../../../lib/toast'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api'
import { cn } from '../../../lib/cn'
import { personName } from '../../../lib/format'

/** A tab whose data fails to load says so once, in a toast. */
export function useLoadErrorToast(error: unknown, message: string) {
  useEffect(() => {
    if (error) toast.error(message, { description: errorMessage(error, 'Please try again.') })
  }, [error, message])
}

export const dateTime = (iso: string | null | undefined) => (iso ? format(new Date(iso), 'MMM d, yyyy h:mm a') : '—')
export const dateOnly = (iso: string | null | undefined) => (iso ? format(new Date(iso), 'MMM d, yyyy') : '—')
/** Admin tables show a dash for an account with no name. */
export const fullName = (first?: string | null, last?: string | null) => personName(first, last) || '—'

/** A data table with a caption; its frame scrolls sideways and can be scrolled by keyboard. */
export function Table({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must take focus so keyboard users can scroll it (WCAG 2.1.1, axe scrollable-region-focusable).
    <section aria-label={caption} tabIndex={0} className="overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-brand-600">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </section>
  )
}

export function Th({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" className={cn('bg-slate-50 px-3 py-2 text-left font-semibold whitespace-nowrap text-slate-700', className)} {...props} />
}

export function Td({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn('px-3 py-2 align-top text-slate-800', className)} {...props} />
}

/** Loading, failed and empty states of a tab, then the content. */
export function TabState({
  loading,
  failed,
  empty,
  emptyText,
  children,
}: {
  loading: boolean
  failed: boolean
  empty: boolean
  emptyText: string
  children: ReactNode
}) {
  if (loading) return <Spinner label="Loading" />
  if (failed) return <p className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">Could not load this list. Try again later.</p>
  if (empty) return <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-600">{emptyText}</p>
  return <>{children}</>
}
