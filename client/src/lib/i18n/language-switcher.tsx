import { useId } from 'react'
import { changeLocale, isLocale, LOCALES, useLocale, useT } from '.'

// Keys written whole, so the catalog test finds them used.
const LANGUAGE_NAMES = { en: 'language.en', es: 'language.es' } as const

/**
 * The language switcher of the header and the footer: a native `<select>`
 * (keyboard and screen readers know it), each language named in itself. It
 * changes the page in place — no navigation, so a draft being typed stays.
 */
/** `compact`: the codes (EN, ES) for the header's bar, which must fit 1280 px signed in; the footer names each language. */
export function LanguageSwitcher({ className, compact = false }: { className?: string; compact?: boolean }) {
  const t = useT('shell')
  const locale = useLocale()
  const id = useId()
  return (
    <span className={className}>
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <select
        id={id}
        value={locale}
        onChange={(event) => {
          if (isLocale(event.target.value)) void changeLocale(event.target.value)
        }}
        className={compact ? "rounded-md border border-slate-300 bg-white px-1 py-1 text-sm text-slate-800" : "rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-800"}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code} title={t(LANGUAGE_NAMES[code])}>
            {compact ? code.toUpperCase() : t(LANGUAGE_NAMES[code])}
          </option>
        ))}
      </select>
    </span>
  )
}
