import { useMemo } from 'react'
import { SPOKEN_LANGUAGES, type SpokenLanguage } from '@server/features/care/care-extras.constants'
import { useT } from '../../../lib/i18n'

/**
 * The catalog key of each language's name, written whole (docs/i18n.md). Names
 * come from the catalogs, not Intl.DisplayNames: Bun (which renders the page on
 * the server) and Chromium name some languages differently (Tagalog/Filipino,
 * Inglés/inglés, ASL unnamed), and the page must hydrate as rendered.
 */
const NAME_KEYS: Record<SpokenLanguage, string> = {
  en: 'care.language.en',
  es: 'care.language.es',
  zh: 'care.language.zh',
  tl: 'care.language.tl',
  vi: 'care.language.vi',
  ar: 'care.language.ar',
  fr: 'care.language.fr',
  ko: 'care.language.ko',
  ru: 'care.language.ru',
  ht: 'care.language.ht',
  pt: 'care.language.pt',
  de: 'care.language.de',
  hi: 'care.language.hi',
  pl: 'care.language.pl',
  ur: 'care.language.ur',
  fa: 'care.language.fa',
  ja: 'care.language.ja',
  it: 'care.language.it',
  ase: 'care.language.ase',
}

/** Every language's name in the reader's language. */
export function useLanguageNames(): Record<SpokenLanguage, string> {
  const t = useT('care')
  return useMemo(() => Object.fromEntries(SPOKEN_LANGUAGES.map((code) => [code, t(NAME_KEYS[code])])) as Record<SpokenLanguage, string>, [t])
}
