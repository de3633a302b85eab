import { Link } from 'react-router'
import type { HealthRecordImport as ImportResult } from '../api/import-health-record'
import { ImportSummary } from './HealthRecordImport'

/** Where sign-in sends the planner back: the launched form (its query lets an EHR frame it). */
export const LAUNCHED_FORM = '/submit-referral?from=ehr'

export type LaunchState = { status: 'signed-out' } | { status: 'loading' } | { status: 'done'; result: ImportResult } | { status: 'failed'; message: string }

/**
 * Step 1 after "Refer to a group home" in an EHR chart: the record the launch read waits on the
 * server until the planner is signed in, then fills the form as a file import does, with the same
 * review of what was imported.
 */
export function LaunchedRecord({ state }: { state: LaunchState }) {
  const redirect = encodeURIComponent(LAUNCHED_FORM)
  return (
    <section aria-labelledby="launched-record-title" data-testid="launched-record" className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h3 id="launched-record-title" className="text-base font-semibold text-slate-900">
        From the health record system
      </h3>
      {state.status === 'signed-out' && (
        <p className="text-sm text-slate-800">
          The patient's record from the health record system is ready. To see it in this form,{' '}
          <Link to={`/auth?redirect=${redirect}`} className="font-medium text-brand-800 underline">
            sign in
          </Link>{' '}
          or{' '}
          <Link to={`/auth?mode=signup&as=referrer&redirect=${redirect}`} className="font-medium text-brand-800 underline">
            create a free account
          </Link>
          . Nothing is saved until you submit.
        </p>
      )}
      <div role="status" aria-live="polite" className="text-sm">
        {state.status === 'loading' && <p>Reading the health record…</p>}
        {state.status === 'done' && <ImportSummary result={state.result} />}
      </div>
      {state.status === 'failed' && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {state.message}
        </p>
      )}
    </section>
  )
}
