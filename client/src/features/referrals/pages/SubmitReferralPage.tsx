import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { createReferralSchema, REFERRAL_STEPS } from '@server/features/referrals/referrals.schemas'
import { Button } from '../../../components/ui/button'
import { Card, CardContent } from '../../../components/ui/card'
import { Page } from '../../../components/ui/page'
import { ApiError } from '../../../lib/api'
import { useAuth } from '../../auth'
import { useSubmitReferral } from '../api/submit-referral'
import { ReferralStepFields, STEP_HEADINGS } from '../components/ReferralFormSteps'
import { StepIndicator } from '../components/StepIndicator'
import {
  clearDraft,
  EMPTY_REFERRAL,
  fieldMessages,
  loadDraft,
  saveDraft,
  STEP_FIELDS,
  stepOf,
  type FieldName,
  type ReferralFormValues,
} from '../referral-form'
import { personName } from '../../../lib/format'

/** The pause before leaving the page after a submission attempt. */
const REDIRECT_DELAY_MS = 1500
const LAST_STEP = REFERRAL_STEPS.length - 1
const STEP_TITLES = REFERRAL_STEPS.map((s) => s.title)

export function SubmitReferralPage() {
  const { user, loading } = useAuth()
  const navigate = useNavigate()
  const submission = useSubmitReferral()
  // Read once: a draft saved before the sign-in detour becomes the starting values.
  const [draft] = useState(loadDraft)
  const [step, setStep] = useState(draft?.step ?? 0)
  const [submitting, setSubmitting] = useState(false)
  const [leaving, setLeaving] = useState(false)
  const form = useForm<ReferralFormValues>({ defaultValues: draft?.values ?? EMPTY_REFERRAL })
  const headingRef = useRef<HTMLHeadingElement>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), [])

  // Signed in: the draft now lives in the form, so it leaves storage; and the
  // referrer's own contact details are offered where nothing was typed yet.
  useEffect(() => {
    if (!user) return
    clearDraft()
    if (!form.getValues('referrer_email')) form.setValue('referrer_email', user.email)
    const name = personName(user.first_name, user.last_name)
    if (!form.getValues('referrer_name') && name) form.setValue('referrer_name', name)
  }, [user, form])

  const goTo = (next: number) => {
    setStep(next)
    requestAnimationFrame(() => headingRef.current?.focus())
  }

  /** Validates one step with its shared schema; shows every field's message. */
  const validateStep = (index: number) => {
    const fields = STEP_FIELDS[index]!
    form.clearErrors(fields)
    const result = REFERRAL_STEPS[index]!.schema.safeParse(form.getValues())
    if (result.success) return true
    const messages = fieldMessages(result.error.issues)
    for (const field of fields) {
      const message = messages[field]
      if (message) form.setError(field, { type: 'validate', message })
    }
    const first = fields.find((f) => messages[f])
    if (first) form.setFocus(first)
    return false
  }

  /** Once a message is shown, it follows what is typed. */
  const revalidateShown = () => {
    const shown = (Object.keys(form.formState.errors) as FieldName[]).filter((f) => STEP_FIELDS[step]!.includes(f))
    if (shown.length === 0) return
    const result = REFERRAL_STEPS[step]!.schema.safeParse(form.getValues())
    const messages = result.success ? {} : fieldMessages(result.error.issues)
    for (const field of shown) {
      const message = messages[field]
      if (message) form.setError(field, { type: 'validate', message })
      else form.clearErrors(field)
    }
  }

  const leaveAfterPause = (to: string) => {
    setLeaving(true)
    timer.current = setTimeout(() => navigate(to), REDIRECT_DELAY_MS)
  }

  const sendToSignIn = () => {
    saveDraft(form.getValues(), step)
    toast.error('Authentication Required', { description: 'Please sign in or create an account to submit referrals.' })
    leaveAfterPause(`/auth?redirect=${encodeURIComponent('/submit-referral')}`)
  }

  const onSubmit = async () => {
    if (!validateStep(step)) return
    const parsed = createReferralSchema.safeParse(form.getValues())
    if (!parsed.success) {
      // An earlier step no longer passes (e.g. a date moved into the future): show it there.
      const firstBad = Math.min(...parsed.error.issues.map((i) => stepOf(String(i.path[0]))).filter((s) => s >= 0))
      goTo(firstBad)
      setTimeout(() => validateStep(firstBad))
      return
    }
    if (!user) return sendToSignIn()
    setSubmitting(true)
    try {
      await submission.mutateAsync(parsed.data)
      toast.success('Referral Submitted!', { description: 'Track your referral status and messages on your dashboard.' })
      clearDraft()
      form.reset(EMPTY_REFERRAL)
      setStep(0)
      leaveAfterPause('/referrer-dashboard')
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return sendToSignIn()
      if (error instanceof ApiError && error.code === 'email_unverified') return void toast.error('Error', { description: error.message })
      if (error instanceof ApiError && error.fields) {
        const fields = Object.entries(error.fields).filter(([f]) => stepOf(f) >= 0)
        for (const [field, message] of fields) form.setError(field as FieldName, { type: 'server', message })
        if (fields.length) setStep(Math.min(...fields.map(([f]) => stepOf(f))))
      }
      // A 422 names the first failing rule (the shared schemas' message); anything else is generic.
      if (error instanceof ApiError && error.status === 422) return void toast.error('Validation Error', { description: error.message })
      toast.error('Error', { description: 'Failed to submit referral. Please try again.' })
    } finally {
      setSubmitting(false)
    }
  }

  const onNext = () => {
    if (validateStep(step)) goTo(step + 1)
  }

  return (
    <Page title="Submit a Referral" subtitle="Tell us about your client and we'll match them with group homes that fit." className="max-w-4xl">
      <StepIndicator steps={STEP_TITLES} current={step} />
      <Card>
        <CardContent className="pt-5">
          <form
            noValidate
            onChange={revalidateShown}
            onSubmit={(e) => {
              e.preventDefault()
              if (step === LAST_STEP) void onSubmit()
              else onNext()
            }}
            className="space-y-6"
          >
            <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
              {STEP_HEADINGS[step]}
              <span className="ml-2 text-sm font-normal text-slate-600">
                Step {step + 1} of {REFERRAL_STEPS.length}
              </span>
            </h2>
            <ReferralStepFields step={step} form={form} />
            <div className="flex justify-between gap-3 border-t border-slate-200 pt-4">
              {step > 0 ? (
                <Button variant="outline" onClick={() => goTo(step - 1)} disabled={submitting || leaving}>
                  Back
                </Button>
              ) : (
                <span />
              )}
              {step < LAST_STEP ? (
                <Button type="submit">Next</Button>
              ) : (
                <Button type="submit" disabled={submitting || leaving || loading}>
                  {submitting ? 'Submitting...' : 'Submit Referral'}
                </Button>
              )}
            </div>
          </form>
        </CardContent>
      </Card>
    </Page>
  )
}
