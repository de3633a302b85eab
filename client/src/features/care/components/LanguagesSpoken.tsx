import type { ReactNode } from 'react'
import type { SpokenLanguage } from '@server/features/care/care-extras.constants'
import { useT } from '../../../lib/i18n'
import { useLanguageNames } from '../lib/language-names'

/**
 * A home's "Languages spoken", as a row of a description list (the property
 * page's Details), or nothing when the home names none. Rendered on the server
 * like the rest of the page.
 */
export function LanguagesSpoken({ languages, row }: { languages: readonly SpokenLanguage[]; row: (label: string, value: ReactNode) => ReactNode }) {
  const t = useT('care')
  const names = useLanguageNames()
  if (languages.length === 0) return null
  return row(t('care.languages.spoken'), <span data-testid="languages-spoken">{languages.map((code) => names[code]).join(', ')}</span>)
}
