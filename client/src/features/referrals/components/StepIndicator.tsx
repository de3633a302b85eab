import { Check } from 'lucide-react'
import { cn } from '../../../lib/cn'

/** The six-step indicator of the referral form; every step is a real step. */
export function StepIndicator({ steps, current }: { steps: readonly string[]; current: number }) {
  return (
    <ol aria-label="Referral steps" className="mb-8 grid grid-cols-3 gap-3 sm:grid-cols-6">
      {steps.map((title, i) => {
        const done = i < current
        const active = i === current
        return (
          <li key={title} aria-current={active ? 'step' : undefined} className="flex flex-col items-center gap-1 text-center">
            <span
              className={cn(
                'flex h-9 w-9 items-center justify-center rounded-full border-2 text-sm font-semibold',
                done && 'border-brand-700 bg-brand-700 text-white',
                active && 'border-brand-700 bg-white text-brand-800',
                !done && !active && 'border-slate-300 bg-white text-slate-500',
              )}
            >
              {done ? <Check className="h-4 w-4" aria-hidden="true" /> : i + 1}
              <span className="sr-only">{done ? ' (completed)' : active ? ' (current)' : ''}</span>
            </span>
            <span className={cn('text-xs', active ? 'font-semibold text-slate-900' : 'text-slate-600')}>{title}</span>
          </li>
        )
      })}
    </ol>
  )
}
