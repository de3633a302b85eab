import type { ComponentProps, HTMLAttributes } from 'react'
import { cn } from '../../lib/cn'

/** A ref (React 19: a plain prop) reaches the div, e.g. to scroll a card into view. */
export function Card({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('rounded-xl border border-slate-200 bg-white shadow-sm', className)} {...props} />
}
export function CardHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('space-y-1 p-5 pb-2', className)} {...props} />
}
/** A card's heading: h3 by default; pass `as` to keep the page's heading levels in order (h1, then h2...). */
export function CardTitle({ className, as: Heading = 'h3', ...props }: HTMLAttributes<HTMLHeadingElement> & { as?: 'h2' | 'h3' | 'h4' }) {
  return <Heading className={cn('text-lg font-semibold text-slate-900', className)} {...props} />
}
export function CardContent({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('p-5 pt-2', className)} {...props} />
}
