import { Star } from 'lucide-react'
import { ratingText, shortDate } from '../../../lib/format'
import { CategoryAverages } from '../../reviews'
import type { PropertyDetail } from '../api/properties'
import { plural } from './labels'

type Reviews = Pick<PropertyDetail, 'reviews' | 'review_count' | 'average_rating' | 'category_averages'>

export function Stars({ rating, label }: { rating: number; label?: string }) {
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={label ?? `${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} aria-hidden="true" className={`h-4 w-4 ${n <= Math.round(rating) ? 'fill-amber-400 text-amber-500' : 'text-slate-300'}`} />
      ))}
    </span>
  )
}

/** Approved reviews only (the server sends no others), with the average and each category's average to one decimal. */
export function ReviewList({ reviews, heading = 'Reviews', empty = 'No reviews yet.' }: { reviews: Reviews; heading?: string; empty?: string }) {
  return (
    <section aria-label={heading} className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{heading}</h2>
        {reviews.average_rating !== null && (
          <span className="flex items-center gap-2 text-sm text-slate-700">
            <Stars rating={reviews.average_rating} label={`Average rating ${ratingText(reviews.average_rating)} out of 5`} />
            <span className="font-semibold" data-testid="average-rating">
              {ratingText(reviews.average_rating)}
            </span>
            ({plural(reviews.review_count, 'review', 'reviews')})
          </span>
        )}
      </div>
      {reviews.average_rating !== null && <CategoryAverages averages={reviews.category_averages} label={`${heading}: ratings by category`} />}
      {reviews.reviews.length === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="space-y-3">
          {reviews.reviews.map((r) => (
            <li key={r.id} className="rounded-lg border border-slate-200 bg-white p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium text-slate-900">{r.reviewer_name}</span>
                <span className="text-xs text-slate-600">{shortDate(r.created_at)}</span>
              </div>
              <Stars rating={r.rating} />
              <p className="mt-1 text-sm text-slate-700">{r.review_text}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
