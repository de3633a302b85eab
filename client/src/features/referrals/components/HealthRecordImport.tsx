import { useId, useRef, useState, type DragEvent } from 'react'
import { ApiError } from '../../../lib/api'
import { cn } from '../../../lib/cn'
import { ButtonLink } from '../../../components/ui/button'
import { type HealthRecordImport as ImportResult, useImportHealthRecord } from '../api/import-health-record'

/** Largest record the server takes (docs/decisions/026-fhir-r4-import-export.md). */
const MAX_BYTES = 20 * 1024 * 1024
const SHOWN_ISSUES = 5

/**
 * "Start from a health record": a FHIR R4 JSON file (picked or dropped) from
 * the client's hospital or clinic becomes the form's answers. Nothing is
 * stored; the form's steps show what came from the record, to be checked.
 */
export function HealthRecordImport({ onImported }: { onImported: (result: ImportResult) => void }) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const importing = useImportHealthRecord()
  const [over, setOver] = useState(false)
  const [result, setResult] = useState<ImportResult | null>(null)
  const [problem, setProblem] = useState<{ message: string; issues: [string, string][] } | null>(null)

  const read = (file: File | undefined) => {
    if (!file) return
    setResult(null)
    setProblem(null)
    if (file.size > MAX_BYTES) return setProblem({ message: 'The health record is larger than 20 MB.', issues: [] })
    importing.mutate(file, {
      onSuccess: (answer) => {
        setResult(answer)
        onImported(answer)
      },
      onError: (error) =>
        setProblem({
          message: error instanceof ApiError ? error.message : 'The health record could not be read. Please try again.',
          issues: error instanceof ApiError ? Object.entries(error.fields ?? {}).slice(0, SHOWN_ISSUES) : [],
        }),
    })
    if (input.current) input.current.value = ''
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setOver(false)
    read(event.dataTransfer.files[0])
  }

  return (
    <section aria-labelledby={`${id}-title`} data-testid="health-record-import" className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <div>
        <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
          Start from a health record
        </h3>
        <p id={`${id}-about`} className="text-sm text-slate-600">
          Export the client's record from the hospital's or clinic's system as FHIR R4 JSON and add it here: the form is filled in from it. Nothing is saved until you submit, and you check every step first.
        </p>
      </div>
      {/* Dropping is the pointer's shortcut; the file input inside is the way for everyone (keyboard, screen readers). */}
      <fieldset
        aria-label="Health record file"
        onDragOver={(e) => {
          e.preventDefault()
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="health-record-drop"
        className={cn('m-0 flex min-w-0 flex-col items-start gap-2 rounded-md border-2 border-dashed p-4 sm:flex-row sm:items-center', over ? 'border-blue-600 bg-blue-50' : 'border-slate-300 bg-white')}
      >
        <label className="inline-flex min-h-10 cursor-pointer items-center rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-900 hover:bg-slate-100 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-600">
          Choose a health record (.json)
          <input
            ref={input}
            type="file"
            accept=".json,application/json,application/fhir+json"
            aria-describedby={`${id}-about`}
            className="sr-only"
            onChange={(e) => read(e.target.files?.[0])}
          />
        </label>
        <span className="text-sm text-slate-600">or drop the file here</span>
      </fieldset>
      <div role="status" aria-live="polite" className="text-sm">
        {importing.isPending && <p>Reading the health record…</p>}
        {result && <ImportSummary result={result} />}
      </div>
      {problem && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <p>{problem.message}</p>
          {problem.issues.length > 0 && (
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {problem.issues.map(([where, what]) => (
                <li key={where} className="break-words">
                  <code className="text-xs">{where}</code>: {what}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  )
}

/** What a record filled and what it left out: the review shown after a file import and after an EHR launch. */
export function ImportSummary({ result }: { result: ImportResult }) {
  return (
    <div className="space-y-2 rounded-md border border-green-200 bg-green-50 p-3 text-green-900">
      <p className="font-medium">
        {result.imported.length} answers filled in from the health record. They are marked "From the health record" on each step: please check them.
      </p>
      {result.documents.length > 0 && (
        <p>
          {result.documents.length === 1 ? '1 document' : `${result.documents.length} documents`} will be added to the referral when you submit it: {result.documents.map((d) => d.title).join(', ')}.
        </p>
      )}
      {result.skipped.length > 0 && (
        <details>
          <summary className="cursor-pointer">Not imported ({result.skipped.reduce((n, s) => n + s.count, 0)})</summary>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {result.skipped.map((s) => (
              <li key={`${s.resourceType}-${s.reason}`}>
                {s.resourceType === 'Field' ? s.reason : `${s.count} × ${s.resourceType}: ${s.reason}`}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  )
}

/**
 * Step 1 for a signed-out visitor: the same offer, with the way in. Reading a
 * record is for a signed-in account (the import answers 401 otherwise), so she
 * signs in and comes back to this form, her answers kept as a draft.
 */
export function HealthRecordSignInPrompt() {
  const id = useId()
  return (
    <section aria-labelledby={`${id}-title`} data-testid="health-record-import" className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        Start from a health record
      </h3>
      <p className="text-sm text-slate-600">
        Export the client's record from the hospital's or clinic's system as FHIR R4 JSON, and the form is filled in from it. Sign in first: a health record is
        read only for a signed-in account.
      </p>
      <ButtonLink to={`/auth?redirect=${encodeURIComponent('/submit-referral')}`} variant="outline" size="sm">
        Sign in to start from a health record
      </ButtonLink>
    </section>
  )
}
