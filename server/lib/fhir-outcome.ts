import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { AppError } from '../errors'
import { isMessageKey, translate } from '../i18n'
import { parseKeyed } from '../i18n/keyed'
import type { AppEnv } from '../types'

/**
 * FHIR's error shape (R4 OperationOutcome): the FHIR REST API answers every
 * error with one, never the JSON API's `{error}` body. An AppError keeps its
 * status and its message in the reader's language; its field messages become
 * issues whose `expression` names the element (a FHIRPath such as
 * `Patient.birthDate`), as integrators' tooling expects.
 */
export type OutcomeIssue = {
  severity: 'fatal' | 'error' | 'warning' | 'information'
  /** The R4 IssueType code (http://hl7.org/fhir/issue-type). */
  code: string
  diagnostics: string
  expression?: string[]
}

export const operationOutcome = (issue: OutcomeIssue[]) => ({ resourceType: 'OperationOutcome' as const, issue })

/** The IssueType that says what each status means. */
export function issueCode(status: number) {
  if (status === 401) return 'login'
  if (status === 403) return 'forbidden'
  if (status === 404) return 'not-found'
  if (status === 409 || status === 412) return 'conflict'
  if (status === 413) return 'too-costly'
  if (status === 415) return 'not-supported'
  if (status === 429) return 'throttled'
  if (status === 422) return 'processing'
  if (status >= 500) return 'exception'
  return 'invalid'
}

export const FHIR_JSON = 'application/fhir+json; charset=utf-8'

/** Answer an OperationOutcome with its status (and any headers: WWW-Authenticate, Retry-After, ETag). */
export function outcomeResponse<E extends AppEnv>(c: Context<E>, status: ContentfulStatusCode, issue: OutcomeIssue[], headers: Record<string, string> = {}) {
  return c.body(JSON.stringify(operationOutcome(issue)), status, { 'Content-Type': FHIR_JSON, ...headers })
}

/**
 * The onError of a FHIR sub-app (`new Hono().onError(fhirErrorHandler)`): an AppError or an HTTPException
 * becomes an OperationOutcome; anything else goes on to the app's handler (logged there, answered 500).
 */
export function fhirErrorHandler<E extends AppEnv>(error: Error, c: Context<E>): Response {
  if (error instanceof AppError) {
    const locale = (c as unknown as Context<AppEnv>).get('locale') ?? 'en'
    // A field's message may be a catalog key, with values (keyed()), as app.onError says them.
    const say = (text: string) => {
      const parsed = parseKeyed(text)
      return parsed && isMessageKey(parsed.key) ? (translate(locale, parsed.key, parsed.values) ?? text) : text
    }
    const message = error.key ? (translate(locale, error.key, error.values) ?? error.message) : error.message
    const fields = Object.entries(error.fields ?? {})
    const issues: OutcomeIssue[] = fields.length
      ? fields.map(([path, text]) => ({ severity: 'error', code: issueCode(error.status), diagnostics: say(text), expression: [path] }))
      : [{ severity: 'error', code: issueCode(error.status), diagnostics: message }]
    return outcomeResponse(c, error.status, issues, error.headers)
  }
  if (error instanceof HTTPException) {
    return outcomeResponse(c, error.status as ContentfulStatusCode, [{ severity: 'error', code: issueCode(error.status), diagnostics: error.message || 'Bad request' }])
  }
  throw error
}
