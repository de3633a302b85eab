import type { FieldErrors, FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ApiError } from './api'

/**
 * The message of the first field, in `order`, that has an error. Forms toast
 * 'Validation Error' with it; pass the shared schema's keys
 * (Object.keys(schema.shape)) and it is the message the server would send
 * first for the same input, as zod reports issues in the order of the shape.
 */
export function firstErrorMessage(errors: FieldErrors, order: readonly string[]): string | undefined {
  for (const key of order) {
    const message = errors[key]?.message
    if (typeof message === 'string' && message) return message
  }
  return undefined
}

/** A 422's per-field messages shown under the form's fields; true when the error carried some. */
export function showServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): boolean {
  if (!(error instanceof ApiError) || error.status !== 422 || !error.fields) return false
  for (const [field, message] of Object.entries(error.fields)) setError(field as Path<T>, { message })
  return true
}
