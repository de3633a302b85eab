import type { IntlMessageFormat } from 'intl-messageformat'

/** The languages Homeward speaks; English is the specification's wording and the fallback. */
export const LOCALES = ['en', 'es'] as const
export type Locale = (typeof LOCALES)[number]
export const isLocale = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value)

/**
^ * A catalog: key → ICU message. On the server (and in `bun test`) the values are
 * ICU strings; in the browser build they are the parser's ASTs, compiled ahead of
 * time by client/i18n-plugin.ts, so the ICU parser never ships (ADR 037).
 */
export type Messages = Record<string, unknown>
export type Values = Record<string, string | number | Date>

// An AST element: 0 literal, 1 a plain {argument}; anything else (plural, select, number, date…) needs the formatter.
type Element = { type: number; value: string }
const isSimple = (message: unknown): message is Element[] =>
  Array.isArray(message) && message.every((element: Element) => element.type === 0 || element.type === 1)

/** True when `message` needs intl-messageformat (a plural, a select, a number or date format, or an ICU string to parse). */
export const needsFormatter = (message: unknown) => (typeof message === 'string' ? message.includes('{') : !isSimple(message))

/**
 * intl-messageformat, loaded only by a catalog that has such a message (loadFormatter):
 * the entry chunk carries none of it, and most screens never need it.
 */
let Formatter: typeof IntlMessageFormat | null = null
export async function loadFormatter() {
  Formatter ??= (await import('intl-messageformat')).IntlMessageFormat
}
/** The server hands its formatter in at start (it has the ICU parser; server/i18n). */
export function setFormatter(formatter: typeof IntlMessageFormat) {
  Formatter = formatter
}

const compiled = new Map<string, IntlMessageFormat>()

/** The message `key` of `messages` in `locale`, with its `{placeholders}` and plurals filled; undefined when the catalog lacks it. */
export function formatMessage(locale: Locale, messages: Messages, key: string, values?: Values): string | undefined {
  const message = messages[key]
  if (message === undefined) return undefined
  if (typeof message === 'string' && !message.includes('{')) return message
  if (isSimple(message)) return message.map((element) => (element.type === 0 ? element.value : String(values?.[element.value] ?? ''))).join('')
  if (!Formatter) throw new Error(`The formatter was not loaded for ${locale} message ${key} (load its catalog through loadCatalog)`)
  const id = `${locale}\u0000${key}`
  let format = compiled.get(id)
  if (!format || sources.get(format) !== message) {
    format = new Formatter(message as string, locale)
    sources.set(format, message)
    compiled.set(id, format)
  }
  return String(format.format(values))
}
const sources = new WeakMap<IntlMessageFormat, unknown>()

/** The first of the `Accept-Language` header's languages Homeward speaks (q-values honoured), else English. */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
  if (!acceptLanguage) return 'en'
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.trim().slice(2) ?? 1)
      return { tag: tag.trim().toLowerCase().split('-')[0]!, q: Number.isFinite(q) ? q : 0, index }
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  return ranked.map((entry) => entry.tag).find(isLocale) ?? 'en'
}

/** The cookie that carries a visitor's chosen language (the switcher sets it; the server reads it before Accept-Language). */
export const LANGUAGE_COOKIE = 'homeward_lang'
