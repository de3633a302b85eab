import { Star } from 'lucide-react'
import { useState } from 'react'
import { cn } from '../../../lib/cn'
import { useT } from '../../../lib/i18n'

/**
 * 1-5 stars as a native radio group: arrow keys move between stars, screen
 * readers announce "3 stars, 3 of 5", and the group has a visible legend.
 * `name` keeps several groups on one form apart (the overall rating and the
 * review categories).
 */
export function StarRating({
  value,
  onChange,
  error,
  name = 'rating',
  legend,
  size = 'lg',
}: {
  value: number | undefined
  onChange: (v: number) => void
  error?: string
  name?: string
  legend?: string
  size?: 'lg' | 'md'
}) {
  const t = useT('reviews')
  const [hover, setHover] = useState<number | null>(null)
  const shown = hover ?? value ?? 0
  return (
    // The hover preview ends when the pointer leaves the rating (a mouse-only nicety: keyboard users pick with the radios).
    <fieldset aria-describedby={error ? `${name}-error` : undefined} aria-invalid={error ? true : undefined} onMouseLeave={() => setHover(null)}>
      <legend className="block text-sm font-medium text-slate-800">
        {legend ?? t('reviews.rating')}
        <span className="text-red-700" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      <div className="mt-1.5 flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="cursor-pointer rounded-md p-0.5 focus-within:outline-2 focus-within:outline-brand-600" onMouseEnter={() => setHover(n)}>
            <input type="radio" name={name} value={n} checked={value === n} onChange={() => onChange(n)} className="sr-only" />
            <Star
              aria-hidden="true"
              className={cn(size === 'lg' ? 'h-8 w-8' : 'h-6 w-6', 'transition-colors', n <= shown ? 'fill-amber-400 text-amber-500' : 'text-slate-300')}
            />
            <span className="sr-only">{t('reviews.stars', { count: n })}</span>
          </label>
        ))}
      </div>
      <p id={`${name}-error`} role="alert" className={cn('mt-1 text-sm text-red-700', !error && 'sr-only')}>
        {error ?? ''}
      </p>
    </fieldset>
  )
}
