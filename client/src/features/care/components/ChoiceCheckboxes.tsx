import { useId } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { Checkbox } from '../../../components/ui/input'

/**
 * A list field as a group of checkboxes (levels of care, funding,
 * room types, nearby services, specializations). Registered under one name,
 * react-hook-form collects the checked values as a list; the shared schema
 * keeps them in list order and refuses anything else. The group's message is
 * tied to the fieldset and announced.
 */
export function ChoiceCheckboxes<T extends string>({
  legend,
  hint,
  values,
  labels,
  register,
  error,
  className,
}: {
  legend: string
  hint?: string
  values: readonly T[]
  labels: Record<T, string>
  register: UseFormRegisterReturn
  error?: string
  className?: string
}) {
  const id = useId()
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
  return (
    <fieldset className={className ?? 'space-y-2'} aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      <div className="grid gap-2 sm:grid-cols-2">
        {values.map((value) => (
          <Checkbox key={value} label={labels[value]} value={value} {...register} />
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  )
}
