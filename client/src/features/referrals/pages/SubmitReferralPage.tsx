import { QueryClientContext } from '@tanstack/react-query'
import { lazy, Suspense, useContext } from 'react'
import { useSearchParams } from 'react-router'
import { Card, CardContent } from '../../../components/ui/card'
import { Page } from '../../../components/ui/page'
import { useAuth } from '../../auth'
import { SignInToSubmitNote } from '../components/SignInToSubmitNote'
import { DRAFT_KEY } from '../draft-storage'

/*
 * The page's heading and step 1's note to a signed-out visitor show with the
 * light modules alone; the form (react-hook-form, the schemas) loads after them
 * (README, Performance). This module is one of the light pages of
 * client/common-chunk.ts: keep schemas and form code out of it.
 */
const SubmitReferralForm = lazy(async () => ({ default: (await import('../components/SubmitReferralForm')).SubmitReferralForm }))

/** Whether the form will open on step 1: the URL's ?step=N, else the tab's draft (as SubmitReferralForm decides). */
function opensOnFirstStep(params: URLSearchParams) {
  const n = Number(params.get('step'))
  const requested = Number.isInteger(n) && n >= 1 ? n - 1 : null
  if (requested === 0) return true
  let draft: { step?: unknown; reached?: unknown } = {}
  try {
    draft = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? '{}') ?? {}
  } catch {
    // No readable draft: the form starts on step 1.
  }
  const count = (v: unknown) => (Number.isInteger(v) && (v as number) > 0 ? (v as number) : 0)
  const step = count(draft.step)
  return Math.min(requested ?? step, Math.max(step, count(draft.reached))) === 0
}

export function SubmitReferralPage() {
  const { user, loading } = useAuth()
  const client = useContext(QueryClientContext)
  const [params] = useSearchParams()
  // While the form loads: its card with step 1's note, where the form shows it.
  const waiting = (
    <Card>
      <CardContent className="pt-5">{!loading && !user && opensOnFirstStep(params) && <SignInToSubmitNote />}</CardContent>
    </Card>
  )
  return (
    <Page title="Submit a Referral" subtitle="Tell us about your client and we'll match them with group homes that fit." className="max-w-4xl">
      {/* The form queries and submits through react-query: shown once the app's query client is there (the page itself renders without it). */}
      {client ? (
        <Suspense fallback={waiting}>
          <SubmitReferralForm />
        </Suspense>
      ) : (
        waiting
      )}
    </Page>
  )
}
