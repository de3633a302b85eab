import { createContext, use, useCallback, useContext, useSyncExternalStore } from 'react'
import { parseKeyed } from '@server/i18n/keyed'
import { type Area, CATALOGS } from '../../locales'
import { formatMessage, isLocale, loadFormatter, needsFormatter, LANGUAGE_COOKIE, type Locale, type Messages, negotiateLocale, type Values } from '@server/i18n/catalog'

export { type Locale, LOCALES, isLocale, negotiateLocale, LANGUAGE_COOKIE } from '@server/i18n/catalog'
export type { Area } from '../../locales'

/**
 * The client's translations (ADR 037, docs/i18n.md): `const t = useT('shell')`
 * then `t('header.signIn')` or `t('browse.count', { count })`. Catalogs load per
 * language and area (locales/index.ts); a component whose catalog has not loaded
 * yet suspends (React `use`), so the server renders it whole and the browser
 * never shows a key.
 */
const loaded = new Map<string, Messages>()
const loading = new Map<string, Promise<Messages>>()

export function loadCatalog(locale: Locale, area: Area): Promise<Messages> {
  const id = `${locale}/${area}`
  let promise = loading.get(id)
  if (!promise) {
    promise = CATALOGS[locale][area]().then(async (module) => {
      if (Object.values(module.default).some(needsFormatter)) await loadFormatter()
      loaded.set(id, module.default)
      return module.default
    })
    loading.set(id, promise)
  }
  return promise
}

/** Loads every catalog of `locale` (the server at start, so it renders without suspending). */
export const loadAllCatalogs = (locale: Locale) => Promise.all((Object.keys(CATALOGS[locale]) as Area[]).map((area) => loadCatalog(locale, area)))

// The language being read, for the browser: one value for the whole tab, changed by the switcher.
let current: Locale = 'en'
const listeners = new Set<() => void>()
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The visitor's language: the switcher's choice (cookie), else the browser's languages (as the server's Accept-Language). */
export function preferredLocale(): Locale {
  const fromCookie = document.cookie.match(new RegExp(`(?:^|; )${LANGUAGE_COOKIE}=([a-z]+)`))?.[1]
  if (isLocale(fromCookie)) return fromCookie
  return negotiateLocale(navigator.languages?.join(',') ?? navigator.language)
}

/** The language the server rendered the page in (`<html lang>`): a page hydrates in it, so its HTML matches. */
export function renderedLocale(): Locale {
  const lang = document.documentElement.lang
  return isLocale(lang) ? lang : 'en'
}

/** The tab's language now (outside React). */
export const currentLocale = () => current

export function setInitialLocale(locale: Locale) {
  current = locale
}

/**
 * Changes the language at once: loads the new language's catalogs of every area
 * shown so far first (nothing blinks or suspends), then re-renders in place —
 * component state, and so a draft being typed, stays. The cookie tells the
 * server (its pages and error messages) too.
 */
export async function changeLocale(locale: Locale) {
  const areas = new Set([...loaded.keys()].map((id) => id.split('/')[1] as Area))
  areas.add('shell')
  await Promise.all([...areas].map((area) => loadCatalog(locale, area)))
  current = locale
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed name and a value from LOCALES; the Cookie Store API is missing from older Safari
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`
  document.documentElement.lang = locale
  for (const listener of listeners) listener()
  onLocaleChange?.(locale)
}

/** Told of every change by the switcher (features/auth saves a signed-in person's choice on the account). */
let onLocaleChange: ((locale: Locale) => void) | null = null
export function setLocaleChangeListener(listener: ((locale: Locale) => void) | null) {
  onLocaleChange = listener
}

/** The server's renderer fixes the language per render through this context; the browser reads the tab's. */
export const ServerLocaleContext = createContext<Locale | null>(null)

export function useLocale(): Locale {
  const fromServer = useContext(ServerLocaleContext)
  const tab = useSyncExternalStore(subscribe, () => current, () => current)
  return fromServer ?? tab
}

export type Translate = (key: string, values?: Values) => string

/** The translator of one area's catalog in the language being read; missing Spanish falls back to English, a missing key shows itself (the catalog test fails first). */
export function useT(area: Area): Translate {
  const locale = useLocale()
  const messages = loaded.get(`${locale}/${area}`) ?? use(loadCatalog(locale, area))
  const english = locale === 'en' ? messages : (loaded.get(`en/${area}`) ?? null)
  return useCallback(
    (key: string, values?: Values) =>
      formatMessage(locale, messages, key, values) ?? (english && formatMessage('en', english, key, values)) ?? key,
    [locale, messages, english],
  )
}

/**
 * Says a message that may be a catalog key with values (the shared zod schemas'
 * messages: server/i18n/keyed.ts) in the language being read; any other text
 * (a message the server already translated) as it is.
 */
export function useSay(area: Area = 'validation') {
  const t = useT(area)
  return useCallback(
    (text: string | undefined) => {
      if (!text) return text
      const parsed = parseKeyed(text)
      return parsed ? t(parsed.key, parsed.values) : text
    },
    [t],
  )
}
