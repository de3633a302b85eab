import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Controller, useForm, type FieldErrors } from 'react-hook-form'
import type { z } from 'zod'
import { useNavigate, useParams, useSearchParams } from 'react-router'
import { toast } from '../../../lib/toast'
import { REVIEW_CATEGORIES } from '@server/db/enums'
import { categoryField, reviewFormSchema, type ReviewFormInput } from '@server/features/reviews/reviews.schemas'
import { Button } from '../../../components/ui/button'
import { Card, CardContent } from '../../../components/ui/card'
import { Field } from '../../../components/ui/field'
import { Input, Textarea } from '../../../components/ui/input'
import { Page } from '../../../components/ui/page'
import { Spinner } from '../../../components/ui/spinner'
import { ApiError, errorMessage } from '../../../lib/api'
import { firstErrorMessage, showServerFieldErrors } from '../../../lib/form-errors'
import { useT } from '../../../lib/i18n'
import { reviewRequestQuery } from '../api/reviews-api'
import { useSubmitReview } from '../api/submit-review'
import { CATEGORY_KEYS } from '../components/category-keys'
import { StarRating } from '../components/StarRating'

type ReviewFormValues = z.output<typeof reviewFormSchema>

/** Field order for the first message of the 'Validation Error' toast: the schema's own. */
const FIELD_ORDER = Object.keys(reviewFormSchema.shape)

/**
 * /review/{referralId}?token=...: the referrer reviews the
 * home their client was placed in, through the link of the review-request
 * e-mail. The server checks the link; the review waits for the operator.
 */
export function ReviewPage() {
  const t = useT('reviews')
  const NOT_MATCHED = t('reviews.notMatched')
  const FETCH_FAILED = t('reviews.fetchFailed')
  const { referralId = '' } = useParams()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const navigate = useNavigate()
  const request = useQuery({ ...reviewRequestQuery(token, referralId), enabled: !!token })
  // The shared schema validates on submit (then on change), with the server's messages.
  const form = useForm<ReviewFormInput, unknown, ReviewFormValues>({
    resolver: zodResolver(reviewFormSchema),
    defaultValues: { reviewer_name: '', reviewer_email: '', review_text: '' },
  })
  const { errors } = form.formState
  const text = form.watch('review_text') ?? ''

  useEffect(() => {
    if (!token) toast.error(FETCH_FAILED, { description: t('reviews.linkIncomplete') })
  }, [token, FETCH_FAILED, t])
  useEffect(() => {
    if (request.error) toast.error(FETCH_FAILED, { description: errorMessage(request.error, t('reviews.tryAgainLink')) })
  }, [request.error, FETCH_FAILED, t])
  useEffect(() => {
    if (request.data && !request.data.matched) toast.error(NOT_MATCHED)
    // Prefill from the request, but never over what the reviewer has typed.
    if (request.data) {
      if (!form.getValues('reviewer_name')) form.setValue('reviewer_name', request.data.reviewer_name)
      if (!form.getValues('reviewer_email')) form.setValue('reviewer_email', request.data.reviewer_email)
    }
  }, [request.data, form, NOT_MATCHED])

  const submit = useSubmitReview()
  const onValid = (values: ReviewFormValues) =>
    submit.mutate(
      { ...values, token, referral_id: referralId },
      {
        onSuccess: () => {
          toast.success(t('reviews.submitted'), { description: t('reviews.submittedDescription') })
          navigate('/')
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'not_matched') return void toast.error(NOT_MATCHED)
          if (showServerFieldErrors(error, form.setError)) return void toast.error(t('reviews.validationError'), { description: error.message })
          toast.error(t('reviews.submitFailed'), { description: errorMessage(error, t('reviews.tryAgain')) })
        },
      },
    )
  const onInvalid = (invalid: FieldErrors<ReviewFormInput>) =>
    toast.error(t('reviews.validationError'), { description: firstErrorMessage(invalid, FIELD_ORDER) })

  return (
    <Page title={t('reviews.title')} className="max-w-2xl" subtitle={t('reviews.subtitle')}>
      {!token || request.isError ? (
        <Card>
          <CardContent className="py-6 text-slate-700">
            <p className="font-medium text-slate-900">{FETCH_FAILED}</p>
            <p className="mt-1">
              {request.error ? errorMessage(request.error, t('reviews.linkUnusable')) : t('reviews.linkIncomplete')} {t('reviews.useLatestLink')}
            </p>
          </CardContent>
        </Card>
      ) : request.isPending ? (
        <Spinner label={t('reviews.loading')} />
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
                {t('reviews.reviewingPrefix')} <strong className="text-slate-900">{request.data.property.name}</strong>{' '}
                {t('reviews.reviewingPlace', { city: request.data.property.city, state: request.data.property.state })}
              </p>
            )}
            <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid)} className="space-y-4">
              <Field label={t('reviews.yourName')} error={errors.reviewer_name?.message} required>
                <Input autoComplete="name" maxLength={100} {...form.register('reviewer_name')} />
              </Field>
              <Field label={t('reviews.yourEmail')} error={errors.reviewer_email?.message} required hint={t('reviews.notShown')}>
                <Input type="email" autoComplete="email" {...form.register('reviewer_email')} />
              </Field>
              <Controller
                control={form.control}
                name="rating"
                render={({ field }) => <StarRating value={field.value} onChange={field.onChange} error={errors.rating?.message} />}
              />
              <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
                <legend className="px-1 text-sm font-semibold text-slate-900">{t('reviews.rateEachPart')}</legend>
                <div className="grid gap-4 sm:grid-cols-2">
                  {/* The review categories: each rated 1-5 beside the overall rating. */}
                  {REVIEW_CATEGORIES.map((c) => (
                    <Controller
                      key={c}
                      control={form.control}
                      name={categoryField(c)}
                      render={({ field }) => (
                        <StarRating
                          name={field.name}
                          legend={t(CATEGORY_KEYS[c])}
                          size="md"
                          value={field.value}
                          onChange={field.onChange}
                          error={errors[categoryField(c)]?.message}
                        />
                      )}
                    />
                  ))}
                </div>
              </fieldset>
              <Field label={t('reviews.yourReview')} error={errors.review_text?.message} hint={t('reviews.reviewLength', { count: text.trim().length })}>
                <Textarea rows={6} maxLength={2000} {...form.register('review_text')} />
              </Field>
              <Button type="submit" disabled={submit.isPending} className="w-full sm:w-auto">
                {submit.isPending ? t('reviews.submitting') : t('reviews.submit')}
              </Button>
            </form>
          </CardContent>
        </Card>
      )}
    </Page>
  )
}
