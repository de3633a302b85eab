import { expect, test } from 'bun:test'
import { SPOKEN_LANGUAGE_NAMES, SPOKEN_LANGUAGES } from '@server/features/care/care-extras.constants'
import english from '../../../locales/en/care.json'
import spanish from '../../../locales/es/care.json'

/**
 * The site names a home's languages from its catalogs (language-names.ts says why), the
 * feeds from SPOKEN_LANGUAGE_NAMES: in English the two say the same, and every language
 * of the list has a name in every catalog.
 */
test("every language is named in both catalogs, and the English catalog's names are the feeds' names", () => {
  const named = (catalog: Record<string, string>) => SPOKEN_LANGUAGES.map((code) => catalog[`care.language.${code}`])
  expect(named(english)).toEqual(SPOKEN_LANGUAGES.map((code) => SPOKEN_LANGUAGE_NAMES[code]))
  expect(named(spanish).filter((name) => !name?.trim())).toEqual([])
  expect(Object.keys(english).filter((key) => key.startsWith('care.language.'))).toHaveLength(SPOKEN_LANGUAGES.length)
})
