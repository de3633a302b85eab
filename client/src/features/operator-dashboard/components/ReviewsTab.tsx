import { useQuery } from '@tanstack/react-query'
import { Star } from 'lucide-react'
import { toast } from '../../../lib/toast'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api'
import { shortDate } from '../../../lib/format'
import { REVIEW_CATEGORIES } from '@server/db/enums'
import { categoryField, REVIEW_CATEGORY_LABELS } from '@server/features/reviews/reviews.schemas'
import { useApproveReview } from '../api/approve-review'
import { myReviewsQuery } from '../api/dashboard'
import { useRejectReview } from '../api/reject-review'

function Stars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex" role="img" aria-label={`${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} className={n <= rating ? 'h-4 w-4 fill-amber-400 text-amber-400' : 'h-4 w-4 text-slate-300'} aria-hidden="true" />
      ))}
    </span>
  )
}

/** Manage Reviews: approve (public) or reject each review of the operator's properties. */
export function ReviewsTab() {
  const reviews = useQuery(myReviewsQuery)
  const approve = useApproveReview()
  const reject = useRejectReview()
  const busy = approve.isPending || reject.isPending
  const onError = (e: Error) => toast.error(errorMessage(e, 'Failed to update review'))
  const decide = ({ id, approve: approving }: { id: string; approve: boolean }) =>
    approving
      ? approve.mutate(id, { onSuccess: () => toast.success('Review Approved', { description: 'The review now appears on your public profile.' }), onError })
      : reject.mutate(id, { onSuccess: () => toast.success('Review Rejected', { description: 'The review will not be shown publicly.' }), onError })

  if (reviews.isPending) return <Spinner label="Loading reviews..." />
  if (reviews.isError) return <p className="text-red-700">Failed to load reviews</p>
  return (
    <Card>
      <CardHeader>
        <CardTitle>Manage Reviews</CardTitle>
        <p className="text-sm text-slate-600">Only approved reviews appear on your public profile.</p>
      </CardHeader>
      <CardContent>
        {reviews.data.items.length === 0 ? (
          <p className="text-slate-600">No reviews yet.</p>
        ) : (
          <ul className="space-y-3">
            {reviews.data.items.map((r) => (
              <li key={r.id} className="rounded-lg border border-slate-200 p-4" aria-label={`Review by ${r.reviewer_name}`}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div className="flex flex-wrap items-center gap-2">
                    <Stars rating={r.rating} />
                    <span className="font-semibold text-slate-900">{r.reviewer_name}</span>
                    <span className="text-sm text-slate-600">
                      on {r.property_name} · {shortDate(r.created_at)}
                    </span>
                  </div>
                  {r.operator_approved ? (
                    <Badge tone="green">Approved</Badge>
                  ) : r.status === 'rejected' ? (
                    <Badge tone="red">Rejected</Badge>
                  ) : (
                    <Badge tone="yellow">Pending</Badge>
                  )}
                </div>
                <p className="mt-2 text-slate-700">{r.review_text}</p>
                {/* Category ratings; reviews written before the categories have none. */}
                {REVIEW_CATEGORIES.some((c) => r[categoryField(c)] != null) && (
                  <p className="mt-1 text-xs text-slate-600">
                    {REVIEW_CATEGORIES.filter((c) => r[categoryField(c)] != null)
                      .map((c) => `${REVIEW_CATEGORY_LABELS[c]} ${r[categoryField(c)]}/5`)
                      .join(' · ')}
                  </p>
                )}
                <div className="mt-3 flex gap-2">
                  {!r.operator_approved && (
                    <Button size="sm" disabled={busy} onClick={() => decide({ id: r.id, approve: true })}>
                      Approve
                    </Button>
                  )}
                  {r.status !== 'rejected' && (
                    <Button size="sm" variant="outline" disabled={busy} onClick={() => decide({ id: r.id, approve: false })}>
                      Reject
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
