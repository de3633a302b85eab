import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { Button } from '../../../components/ui/button'
import { Card, CardContent } from '../../../components/ui/card'
import { LinkProblem } from '../../../components/ui/link-problem'
import { Page } from '../../../components/ui/page'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api'
import { money } from '../../../lib/format'
import { placementAnswerLinkQuery, useAnswerByLink } from '../api/placement-answer-link'

/** The answer's result, in the words the dashboard uses for it. */
const OUTCOME_TEXT = {
  released: 'Both sides confirmed the placement: the fee held in escrow was released to the referrer.',
  declined: 'Both sides confirmed the placement: the fee went back to the home, as the referrer declined the payment.',
  refunded: 'Both sides said the client was not placed: the fee was refunded to the home.',
  awaiting: 'Your answer was recorded. Waiting for the other side to confirm.',
  disagreement: 'Your answer was recorded. The two answers differ: our team will look at the placement.',
} as const

/**
 * /answer-placement?token=...: the "Please confirm the placement" e-mail's
 * link. One click answers, without signing in; the answer goes through the
 * same rule as the dashboard's. A used or ended link says so.
 */
export function AnswerPlacementPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const link = useQuery({ ...placementAnswerLinkQuery(token), enabled: !!token })
  const answer = useAnswerByLink()
  const [decline, setDecline] = useState(false)

  if (!token || link.isError) {
    return (
      <Page title="Confirm the placement">
        <LinkProblem message={token ? errorMessage(link.error, 'This answer link is not valid.') : 'This answer link is incomplete.'} action={{ to: '/auth', label: 'Sign in' }} />
      </Page>
    )
  }
  if (link.isPending) return <Spinner label="Loading..." />
  const { side, other_answer, amount_cents } = link.data
  const other = side === 'referrer' ? 'The operator' : 'The referrer'

  return (
    <Page title="Confirm the placement">
      <Card className="max-w-xl">
        <CardContent className="space-y-5 pt-6">
          {answer.isSuccess ? (
            <p role="status">{OUTCOME_TEXT[answer.data.outcome]}</p>
          ) : (
            <>
              <p>
                {other_answer ? `${other} said the client was ${other_answer === 'placed' ? 'placed' : 'not placed'}. ` : ''}Was the client placed?
              </p>
              {side === 'referrer' && (
                <label className="flex items-start gap-3 text-sm">
                  <input type="checkbox" className="mt-1 size-4 shrink-0" checked={decline} onChange={(e) => setDecline(e.target.checked)} />
                  <span>Decline the payment: the {money(amount_cents)} fee then goes back to the home.</span>
                </label>
              )}
              {answer.isError && (
                <p role="alert" className="text-sm text-red-700">
                  {errorMessage(answer.error, 'Could not record your answer')}
                </p>
              )}
              <div className="flex flex-wrap gap-3">
                <Button onClick={() => answer.mutate({ token, placed: true, decline_payment: side === 'referrer' ? decline : undefined })} disabled={answer.isPending}>
                  Yes, the client was placed
                </Button>
                <Button variant="outline" onClick={() => answer.mutate({ token, placed: false })} disabled={answer.isPending}>
                  No, the client was not placed
                </Button>
              </div>
            </>
          )}
        </CardContent>
      </Card>
    </Page>
  )
}
