import { useEffect, type RefObject } from 'react'

/** What a text field or checkbox holds when it is not what the page rendered in it, else null. */
function typedValue(field: HTMLInputElement | HTMLTextAreaElement): string | boolean | null {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    return field.checked !== field.defaultChecked ? field.checked : null
  }
  return field.value !== field.defaultValue ? field.value : null
}

/**
 * The named text fields and checkboxes of a server-rendered form can be typed into before the page has
 * hydrated: before its scripts arrive, or between the slices React hydrates in (ADR 027). React then
 * takes what the field holds for the value it rendered and reports no change, so the component's state
 * lacks it and the next render erases it. Once hydrated, each such field is handed to `adopt` (its
 * `name` and what it holds). A choice in a select is a change event, which React delivers after hydrating.
 */
export function useTypedBeforeHydration(form: RefObject<HTMLElement | null>, adopt: (name: string, value: string | boolean) => void) {
  // Once, after hydration: from then on the fields' own change events keep the state.
  // biome-ignore lint/correctness/useExhaustiveDependencies: adopt is read at mount only, by design.
  useEffect(() => {
    for (const field of form.current?.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[name], textarea[name]') ?? []) {
      const value = typedValue(field)
      if (value !== null) adopt(field.name, value)
    }
  }, [])
}
