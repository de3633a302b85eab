import { useMutation, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { z } from 'zod'
import { useNavigate, useParams, useSearchParams } from 'react-router'
import { toast } from 'sonner'
import { REVIEW_CATEGORIES } from '@server/db/enums'
import { categoryField, REVIEW_CATEGORY_LABELS, reviewFormSchema, type CategoryField } from '@server/features/reviews/reviews.schemas'
import { Button } from '../../../components/ui/button'
import { Card, CardContent } from '../../../components/ui/card'
import { Field } from '../../../components/ui/field'
import { Input, Textarea } from '../../../components/ui/input'
import { Page } from '../../../components/ui/page'
import { Spinner } from '../../../components/ui/spinner'
import { ApiError, errorMessage } from '../../../lib/api'
import { reviewRequestQuery, submitReview } from '../api/reviews-api'
import { StarRating } from '../components/StarRating'

const NOT_MATCHED = 'This referral has not been matched to a property yet'
type ReviewFormValues = z.output<typeof reviewFormSchema>
const FETCH_FAILED = 'Failed to fetch referral details'

type Errors = Partial<Record<'reviewer_name' | 'reviewer_email' | 'rating' | 'review_text' | CategoryField, string>>

/**
 * /review/{referralId}?token=... (part 2 §2, §5): the referrer reviews the
 * home their client was placed in, through the link of the review-request
 * e-mail. The server checks the link; the review waits for the operator.
 */
export function ReviewPage() {
  const { referralId = '' } = useParams()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const navigate = useNavigate()
  const request = useQuery({ ...reviewRequestQuery(token, referralId), enabled: !!token })
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [rating, setRating] = useState<number>()
  // The review categories (issue 15): each rated 1-5 beside the overall rating.
  const [categories, setCategories] = useState<Partial<Record<CategoryField, number>>>({})
  const [text, setText] = useState('')
  const [errors, setErrors] = useState<Errors>({})

  useEffect(() => {
    if (!token) toast.error(FETCH_FAILED, { description: 'This review link is incomplete.' })
  }, [token])
  useEffect(() => {
    if (request.error) toast.error(FETCH_FAILED, { description: errorMessage(request.error, 'Please try the link again.') })
  }, [request.error])
  useEffect(() => {
    if (request.data && !request.data.matched) toast.error(NOT_MATCHED)
    if (request.data) {
      setName((v) => v || request.data.reviewer_name)
      setEmail((v) => v || request.data.reviewer_email)
    }
  }, [request.data])

  const submit = useMutation({
    mutationFn: (values: ReviewFormValues) => submitReview({ ...values, token, referral_id: referralId }),
    onSuccess: () => {
      toast.success('Review Submitted!', { description: 'Thank you! The operator reviews it before it appears publicly.' })
      navigate('/')
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'not_matched') return void toast.error(NOT_MATCHED)
      if (error instanceof ApiError && error.status === 422 && error.fields) {
        setErrors(error.fields as Errors)
        return void toast.error('Validation Error', { description: error.message })
      }
      toast.error('Failed to submit review', { description: errorMessage(error, 'Please try again.') })
    },
  })

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault()
    const parsed = reviewFormSchema.safeParse({ reviewer_name: name, reviewer_email: email, rating, ...categories, review_text: text })
    if (!parsed.success) {
      const next: Errors = {}
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Errors] ??= issue.message
      setErrors(next)
      return void toast.error('Validation Error', { description: parsed.error.issues[0]?.message })
    }
    setErrors({})
    submit.mutate(parsed.data)
  }

  return (
    <Page title="Share Your Experience" className="max-w-2xl" subtitle="Your review helps case managers and families choose the right home.">
      {!token || request.isError ? (
        <Card>
          <CardContent className="py-6 text-slate-700">
            <p className="font-medium text-slate-900">{FETCH_FAILED}</p>
            <p className="mt-1">
              {request.error ? errorMessage(request.error, 'This review link cannot be used.') : 'This review link is incomplete.'} Use the link from
              your most recent review request e-mail.
            </p>
          </CardContent>
        </Card>
      ) : request.isPending ? (
        <Spinner label="Loading" />
      ) : !request.data.matched ? (
        <Card>
          <CardContent className="py-6 text-slate-700" role="alert">
            {NOT_MATCHED}
          </CardContent>
        </Card>
      ) : (
        <Card>
          <CardContent className="pt-5">
            {request.data.property && (
              <p className="mb-4 text-slate-700">
                Reviewing <strong className="text-slate-900">{request.data.property.name}</strong> in {request.data.property.city},{' '}
                {request.data.property.state}
              </p>
            )}
            <form noValidate onSubmit={onSubmit} className="space-y-4">
              <Field label="Your name" error={errors.reviewer_name} required>
                <Input value={name} autoComplete="name" maxLength={100} onChange={(e) => setName(e.target.value)} />
              </Field>
              <Field label="Your email" error={errors.reviewer_email} required hint="Not shown publicly.">
                <Input type="email" value={email} autoComplete="email" onChange={(e) => setEmail(e.target.value)} />
              </Field>
              <StarRating value={rating} onChange={setRating} error={errors.rating} />
              <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
                <legend className="px-1 text-sm font-semibold text-slate-900">Rate each part of your experience</legend>
                <div className="grid gap-4 sm:grid-cols-2">
                  {REVIEW_CATEGORIES.map((c) => (
                    <StarRating
                      key={c}
                      name={categoryField(c)}
                      legend={REVIEW_CATEGORY_LABELS[c]}
                      size="md"
                      value={categories[categoryField(c)]}
                      onChange={(v) => setCategories((prev) => ({ ...prev, [categoryField(c)]: v }))}
                      error={errors[categoryField(c)]}
                    />
                  ))}
                </div>
              </fieldset>
              <Field label="Your review" error={errors.review_text} hint={`${text.trim().length}/2000 characters, at least 10.`}>
                <Textarea value={text} rows={6} maxLength={2000} onChange={(e) => setText(e.target.value)} />
              </Field>
              <Button type="submit" disabled={submit.isPending} className="w-full sm:w-auto">
                {submit.isPending ? 'Submitting...' : 'Submit Review'}
              </Button>
            </form>
          </CardContent>
        </Card>
      )}
    </Page>
  )
}
