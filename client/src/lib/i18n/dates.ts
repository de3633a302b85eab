import { format } from 'date-fns'
import { es } from 'date-fns/locale/es'
import { useMemo } from 'react'
import { type Locale, useLocale } from '.'

/**
 * Dates and times in the language being read. date-fns with its own locale
 * data, not Intl: the server's renderer (Bun) and the browser (Chromium) carry
 * different ICU versions (one writes "3:05 PM", the other "3:05 PM" with a
 * narrow space), and a page must hydrate to the same text it was rendered with.
 * English keeps the app's formats exactly ('Dec 7, 2026', 'Dec 7, 3:05 PM').
 * Its own module, not in the entry: only screens that show dates load it.
 */
const PATTERNS: Record<Locale, { date: string; dateTime: string; weekday: string }> = {
  en: { date: 'MMM d, yyyy', dateTime: 'MMM d, h:mm a', weekday: 'EEEE, MMMM d, yyyy' },
  es: { date: "d 'de' MMM 'de' yyyy", dateTime: "d 'de' MMM, H:mm", weekday: "EEEE, d 'de' MMMM 'de' yyyy" },
}

const at = (value: string | Date) => (value instanceof Date ? value : new Date(value))

export function datesFor(locale: Locale) {
  const options = locale === 'es' ? { locale: es } : undefined
  const p = PATTERNS[locale]
  return {
    /** 'Dec 7, 2026' / '7 de dic de 2026'. */
    shortDate: (value: string | Date) => format(at(value), p.date, options),
    /** 'Dec 7, 3:05 PM' / '7 de dic, 15:05' (message timestamps). */
    messageTime: (value: string | Date) => format(at(value), p.dateTime, options),
    /** 'Monday, December 7, 2026' / 'lunes, 7 de diciembre de 2026'. */
    longDate: (value: string | Date) => format(at(value), p.weekday, options),
  }
}

/** The date formatters of the language being read (re-made only when it changes). */
export function useDates() {
  const locale = useLocale()
  return useMemo(() => datesFor(locale), [locale])
}
