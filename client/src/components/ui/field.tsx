import { cloneElement, useId, type ReactElement } from 'react'
import { cn } from '../../lib/cn'
import { useSay } from '../../lib/i18n'

/**
 * A labelled form control with its error. The error is tied to the control
 * (aria-describedby, aria-invalid) and announced (role="alert").
 */
export function Field({
  label,
  error,
  hint,
  required,
  className,
  children,
}: {
  label: string
  error?: string
  hint?: string
  required?: boolean
  className?: string
  children: ReactElement<Record<string, unknown>>
}) {
  // A shared schema's message is a catalog key (docs/i18n.md); a server's 422 field message is already in words.
  const say = useSay()
  const id = useId()
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span className="text-red-700" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, 'aria-required': required || undefined })}
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      <p id={errorId} role="alert" className={cn('text-sm text-red-700', !error && 'sr-only')}>
        {say(error) ?? ''}
      </p>
    </div>
  )
}
