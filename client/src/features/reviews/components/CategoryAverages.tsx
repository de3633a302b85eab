import { REVIEW_CATEGORIES } from '@server/db/enums'
import type { z } from 'zod'
import type { categoryAveragesSchema } from '@server/features/reviews/reviews.responses'
import { cn } from '../../../lib/cn'
import { ratingText } from '../../../lib/format'
import { useT } from '../../../lib/i18n'
import { CATEGORY_KEYS } from './category-keys'

/**
 * Each review category's average to one decimal, as the server
 * computed it over approved reviews. Categories no approved review rated
 * (reviews older than the categories) are left out; none at all, nothing shown.
 */
export function CategoryAverages({ averages, className, label }: { averages: z.infer<typeof categoryAveragesSchema>; className?: string; label?: string }) {
  const t = useT('reviews')
  const rated = REVIEW_CATEGORIES.filter((c) => averages[c] != null)
  if (rated.length === 0) return null
  return (
    <dl className={cn('grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4', className)} aria-label={label ?? t('reviews.byCategory')}>
      {rated.map((c) => (
        <div key={c} className="flex items-baseline justify-between gap-2 rounded-md bg-slate-50 px-2 py-1 sm:flex-col sm:items-start sm:gap-0">
          <dt className="text-xs text-slate-600">{t(CATEGORY_KEYS[c])}</dt>
          <dd className="font-semibold text-slate-900" data-testid={`category-${c}`}>
            {ratingText(averages[c]!)}
          </dd>
        </div>
      ))}
    </dl>
  )
}
