import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useBlocker, useLocation, useNavigate, useSearchParams } from 'react-router'
import { toast } from '../../../lib/toast'
import { createReferralSchema, REFERRAL_STEPS } from '@server/features/referrals/referrals.schemas'
import { Button } from '../../../components/ui/button'
import { Card, CardContent } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/dialog'
import { ApiError } from '../../../lib/api'
import { meQuery, useAuth } from '../../auth'
import { claimLaunchedRecord, type HealthRecordImport as ImportResult, type RecordDocument, uploadRecordDocuments } from '../api/import-health-record'
import { LAUNCH_PENDING_KEY } from '../draft-storage'
import { LaunchedRecord, type LaunchState } from './LaunchedRecord'
import { useSubmitReferral } from '../api/submit-referral'
import { HealthRecordImport, HealthRecordSignInPrompt } from './HealthRecordImport'
import { FROM_RECORD, ReferralStepFields, STEP_HEADINGS } from './ReferralFormSteps'
import { StepIndicator } from './StepIndicator'
import { RecordReview } from './RecordReview'
import {
  clearDraft,
  EMPTY_REFERRAL,
  fieldMessages,
  hasAnswers,
  loadDraft,
  loadDraftDocuments,
  saveDraft,
  saveDraftDocuments,
  STEP_FIELDS,
  stepOf,
  type FieldName,
  type ReferralFormValues,
  withImportedDraft,
} from '../referral-form'
import { personName } from '../../../lib/format'
import { SignInToSubmitNote } from './SignInToSubmitNote'
import { ConfirmEmailFirstNote } from '../../accounts'


/** The record's fields that wait for the referrer's choice (not in the import's draft). */
const RACE_FIELDS = ['client_race', 'client_ethnicity'] as const
type RaceField = (typeof RACE_FIELDS)[number]
/** The pause before leaving the page after a submission attempt. */
const REDIRECT_DELAY_MS = 1500
const LAST_STEP = REFERRAL_STEPS.length - 1
const STEP_TITLES = REFERRAL_STEPS.map((s) => s.title)

/** The step a URL asks for (`?step=N`, 1-based), or null. */
const stepParam = (params: URLSearchParams) => {
  const n = Number(params.get('step'))
  return Number.isInteger(n) && n >= 1 ? n - 1 : null
}

/** The launched form keeps `from=ehr` in its URL: it is what lets a registered EHR frame it on a reload (ADR 033). */
const stepSearch = (params: URLSearchParams, step: number): Record<string, string> => (params.get('from') === 'ehr' ? { step: String(step), from: 'ehr' } : { step: String(step) })

/** Did an EHR launch leave a record for this tab? Noted in the tab (the URL's `from=ehr` is lost on the way through sign-in). */
function launchPending(params: URLSearchParams) {
  try {
    if (params.get('from') === 'ehr') sessionStorage.setItem(LAUNCH_PENDING_KEY, '1')
    return sessionStorage.getItem(LAUNCH_PENDING_KEY) === '1'
  } catch {
    return params.get('from') === 'ehr'
  }
}

/** Pushed with each Next, so the form's Back can be the browser's Back (one history, two buttons). */
type StepState = { referralStep?: true } | null

/**
 * The referral form (its steps, draft, checks and submission). Loaded by
 * SubmitReferralPage after the page's heading shows: react-hook-form and the
 * schemas are most of its bytes (README, Performance).
 */
export function SubmitReferralForm() {
  const { user, loading } = useAuth()
  const navigate = useNavigate()
  const location = useLocation()
  const [params, setParams] = useSearchParams()
  const submission = useSubmitReferral()
  // Read once: the tab's draft (this page earlier, a reload, the sign-in detour) becomes the starting values.
  const [draft] = useState(loadDraft)
  /**
   * The furthest step the answers have reached: a URL cannot skip a step's checks.
   * A ref, updated before the navigation it allows, so the render for the new URL already knows it.
   */
  const reachedRef = useRef(draft?.reached ?? 0)
  const reached = reachedRef.current
  const lastStep = useRef(draft?.step ?? 0)
  // Each step is its own history entry (?step=N): Back and Forward move between steps.
  const requested = stepParam(params)
  const step = Math.min(requested ?? lastStep.current, reached)
  lastStep.current = step
  const [submitting, setSubmitting] = useState(false)
  const [leaving, setLeaving] = useState(false)
  const form = useForm<ReferralFormValues>({ defaultValues: draft?.values ?? EMPTY_REFERRAL })
  /** The answers a health record filled and its documents, kept with the draft (the documents go up after submission). */
  const [fromRecord, setFromRecord] = useState<ReadonlySet<FieldName>>(() => new Set(draft?.fromRecord ?? []))
  const fromRecordRef = useRef(fromRecord)
  const recordDocuments = useRef<readonly RecordDocument[]>(draft ? loadDraftDocuments() : [])
  const headingRef = useRef<HTMLHeadingElement>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  /** Set when the page itself moves on (sign-in detour, submitted): no question, no more saving. */
  const moving = useRef(false)
  const submitted = useRef(false)

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), [])

  // The URL always names the step shown (a missing, unknown or not yet reached step is replaced in place).
  useEffect(() => {
    if (requested !== step) setParams(stepSearch(params, step + 1), { replace: true, state: location.state })
  }, [requested, step, params, setParams, location.state])

  // Focus follows the step (not on the first render: the page heading comes first).
  const shownStep = useRef(step)
  useEffect(() => {
    if (shownStep.current === step) return
    shownStep.current = step
    headingRef.current?.focus()
  }, [step])

  // What the account fills in: not answers a user would lose by leaving.
  const baseline = useMemo<ReferralFormValues>(
    () =>
      user
        ? { ...EMPTY_REFERRAL, referrer_name: personName(user.first_name, user.last_name), referrer_email: user.email, referrer_phone: user.phone ?? '' }
        : EMPTY_REFERRAL,
    [user],
  )

  // Signed out on this page: the answers leave the screen and the tab with the account (no question: the header moves on).
  const wasSignedIn = useRef(!!user)
  useEffect(() => {
    if (wasSignedIn.current && !user && !loading) {
      submitted.current = true
      moving.current = true
      clearDraft()
      form.reset(EMPTY_REFERRAL)
      fromRecordRef.current = new Set()
      setFromRecord(fromRecordRef.current)
      recordDocuments.current = []
      setRecord(null)
    }
    wasSignedIn.current = !!user
  }, [user, loading, form])

  // Signed in: the referrer's own contact details (those sign-up asked for) are offered where nothing was typed yet.
  useEffect(() => {
    if (!user) return
    if (!form.getValues('referrer_email')) form.setValue('referrer_email', user.email)
    const name = personName(user.first_name, user.last_name)
    if (!form.getValues('referrer_name') && name) form.setValue('referrer_name', name)
    if (!form.getValues('referrer_phone') && user.phone) form.setValue('referrer_phone', user.phone)
  }, [user, form])

  // Every change is kept in the tab's draft (see saveDraft for why only there).
  const persist = useCallback(() => {
    if (submitted.current) return
    const values = form.getValues()
    if (hasAnswers(values)) saveDraft({ values, step: lastStep.current, reached: reachedRef.current, fromRecord: [...fromRecordRef.current] })
    else clearDraft()
  }, [form])
  useEffect(() => {
    const subscription = form.watch(persist)
    return () => subscription.unsubscribe()
  }, [form, persist])
  // The step shown is part of the draft: a reload comes back to it.
  useEffect(() => {
    if (step >= 0) persist()
  }, [step, persist])

  // Leaving with answers asks first: another page of the app (links, the browser's Back from step 1)…
  const queryClient = useQueryClient()
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (moving.current || currentLocation.pathname === nextLocation.pathname) return false
    // Signing out moves on at once (the identity is already gone from the cache; the effect below clears the form).
    if (user && !queryClient.getQueryData(meQuery.queryKey)?.user) return false
    return hasAnswers(form.getValues(), baseline)
  })
  // …and closing the tab or leaving the site (the browser asks in its own words).
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (moving.current || !hasAnswers(form.getValues(), baseline)) return
      event.preventDefault()
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [form, baseline])

  /** Forward is a new history entry; going back to an earlier step (a check failed there) replaces this one. */
  const goTo = (next: number) => {
    if (next > step) {
      reachedRef.current = Math.max(reachedRef.current, next)
      lastStep.current = next
      navigate({ search: `?${new URLSearchParams(stepSearch(params, next + 1))}` }, { state: { referralStep: true } satisfies StepState })
    } else {
      setParams(stepSearch(params, next + 1), { replace: true })
    }
  }

  /** The form's Back is the browser's Back when the previous entry is the previous step. */
  const back = () => {
    if ((location.state as StepState)?.referralStep) navigate(-1)
    else goTo(step - 1)
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
    moving.current = true
    setLeaving(true)
    timer.current = setTimeout(() => navigate(to), REDIRECT_DELAY_MS)
  }

  const sendToSignIn = () => {
    saveDraft({ values: form.getValues(), step, reached: reachedRef.current, fromRecord: [...fromRecordRef.current] })
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
      const { referral } = await submission.mutateAsync(parsed.data)
      if (recordDocuments.current.length) {
        try {
          await uploadRecordDocuments(referral.id, recordDocuments.current)
        } catch {
          toast.error('Error', { description: "The health record's documents could not be added. Add them from your dashboard." })
        }
      }
      toast.success('Referral Submitted!', { description: 'Track your referral status and messages on your dashboard.' })
      submitted.current = true
      clearDraft()
      form.reset(EMPTY_REFERRAL)
      leaveAfterPause('/referrer-dashboard')
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return sendToSignIn()
      if (error instanceof ApiError && error.code === 'email_unverified') return void toast.error('Error', { description: error.message })
      if (error instanceof ApiError && error.fields) {
        const fields = Object.entries(error.fields).filter(([f]) => stepOf(f) >= 0)
        for (const [field, message] of fields) form.setError(field as FieldName, { type: 'server', message })
        if (fields.length) goTo(Math.min(...fields.map(([f]) => stepOf(f))))
      }
      // A 422 names the first failing rule (the shared schemas' message); anything else is generic.
      if (error instanceof ApiError && error.status === 422) return void toast.error('Validation Error', { description: error.message })
      toast.error('Error', { description: 'Failed to submit referral. Please try again.' })
    } finally {
      setSubmitting(false)
    }
  }

  /** The record just read (its review: race and ethnicity to include or not, who sees what) and the referrer's choice. */
  const [record, setRecord] = useState<{ result: ImportResult; includeRaceEthnicity: boolean; before: Partial<Record<RaceField, string>> } | null>(null)

  /** A health record's answers replace those fields; the steps mark them until the referral is submitted. */
  const onImported = (result: ImportResult) => {
    const fields = new Set(result.imported as FieldName[])
    fromRecordRef.current = fields
    setFromRecord(fields)
    // Race and ethnicity are not in the draft: they wait for the referrer's choice.
    setRecord({ result, includeRaceEthnicity: false, before: {} })
    recordDocuments.current = result.documents
    if (!saveDraftDocuments(result.documents)) toast.info('Documents kept on this page only', { description: "The health record's documents are too large to keep if this page is reloaded. Submit from this page, or import the record again after a reload." })
    form.reset(withImportedDraft(form.getValues(), result.draft), { keepDefaultValues: true })
    persist()
  }
  const fromRecordHere = STEP_FIELDS[step]!.filter((f) => fromRecord.has(f)).length

  /** Included: the record's race and ethnicity fill their fields, marked; taken back: what was there before returns. */
  const includeRaceEthnicity = (include: boolean) => {
    if (!record) return
    const marked = new Set(fromRecordRef.current)
    const before: Partial<Record<RaceField, string>> = include ? {} : record.before
    for (const field of RACE_FIELDS) {
      const value = record.result.race_ethnicity?.[field]
      if (!value) continue
      if (include) {
        before[field] = form.getValues(field) ?? ''
        form.setValue(field, value, { shouldDirty: true })
        marked.add(field)
      } else {
        form.setValue(field, record.before[field] ?? '', { shouldDirty: true })
        marked.delete(field)
      }
    }
    fromRecordRef.current = marked
    setFromRecord(marked)
    setRecord({ ...record, includeRaceEthnicity: include, before })
    persist()
  }

  // An EHR launch's record: taken once the planner is signed in, then it fills the form as a file import does.
  const [launch, setLaunch] = useState<LaunchState | null>(() => (launchPending(params) ? { status: 'loading' } : null))
  const claiming = useRef(false)
  const onImportedRef = useRef(onImported)
  onImportedRef.current = onImported
  useEffect(() => {
    if (!launch || launch.status === 'done' || launch.status === 'failed' || loading || claiming.current) return
    if (!user) return void (launch.status !== 'signed-out' && setLaunch({ status: 'signed-out' }))
    claiming.current = true
    setLaunch({ status: 'loading' })
    const done = () => {
      try {
        sessionStorage.removeItem(LAUNCH_PENDING_KEY)
      } catch {
        // Nothing stored.
      }
    }
    claimLaunchedRecord().then(
      (result) => {
        done()
        onImportedRef.current(result)
        setLaunch({ status: 'done', result })
      },
      (error) => {
        done()
        setLaunch({ status: 'failed', message: error instanceof ApiError ? error.message : 'The health record could not be read. Please open Homeward again from the chart.' })
      },
    )
  }, [launch, user, loading])

  const onNext = () => {
    if (validateStep(step)) goTo(step + 1)
  }

  return (
    <>
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
            {step === 0 && !loading && !user && !launch && (
              <SignInToSubmitNote
                // The sign-in detour keeps the answers (already in the tab's draft): no question.
                onSignUp={() => {
                  persist()
                  moving.current = true
                }}
              />
            )}
            {step === 0 && user && !user.email_verified && <ConfirmEmailFirstNote action="submit this referral" />}
            {step === 0 && launch && <LaunchedRecord state={launch} />}
            {step === 0 && user && <HealthRecordImport onImported={onImported} />}
            {step === 0 && !user && <HealthRecordSignInPrompt />}
            {step === 0 && record && (
              <RecordReview result={record.result} includeRaceEthnicity={record.includeRaceEthnicity} onIncludeRaceEthnicity={includeRaceEthnicity} />
            )}
            {fromRecordHere > 0 && (
              <p className="rounded-md border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900" data-testid="from-record-note">
                {fromRecordHere === 1 ? '1 answer' : `${fromRecordHere} answers`} on this step came from the health record (marked "{FROM_RECORD}"). Please check them.
              </p>
            )}
            <ReferralStepFields step={step} form={form} fromRecord={fromRecord} />
            {step === LAST_STEP && recordDocuments.current.length > 0 && (
              <p className="rounded-md border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900" data-testid="record-documents-note">
                Added to the referral when you submit it, from the health record: {recordDocuments.current.map((d) => d.title).join(', ')}.
              </p>
            )}
            <div className="flex justify-between gap-3 border-t border-slate-200 pt-4">
              {step > 0 ? (
                <Button variant="outline" onClick={back} disabled={submitting || leaving}>
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
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        onOpenChange={(open) => !open && blocker.state === 'blocked' && blocker.reset()}
        title="Leave the referral form?"
        description="Your answers have not been submitted. They stay in this browser tab until you close it or sign out, so you can come back to Submit Referral and finish."
        confirmLabel="Leave the form"
        onConfirm={() => blocker.state === 'blocked' && blocker.proceed()}
      />
    </>
  )
}
