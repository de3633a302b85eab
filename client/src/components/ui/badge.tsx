import type { HTMLAttributes } from 'react'
import { cn } from '../../lib/cn'

const tones = {
  gray: 'bg-slate-100 text-slate-800',
  green: 'bg-green-100 text-green-900',
  yellow: 'bg-yellow-100 text-yellow-900',
  blue: 'bg-blue-100 text-blue-900',
  red: 'bg-red-100 text-red-900',
  brand: 'bg-brand-100 text-brand-900',
  purple: 'bg-purple-100 text-purple-900',
  amber: 'bg-amber-100 text-amber-900',
}
export type BadgeTone = keyof typeof tones

export function Badge({ tone = 'gray', className, ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium', tones[tone], className)}
      {...props}
    />
  )
}
