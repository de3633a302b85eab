import { IntlMessageFormat } from 'intl-messageformat'
import { formatMessage, isLocale, type Locale, type Messages, negotiateLocale, setFormatter, type Values } from './catalog'
import enErrors from './en/errors.json'
import esErrors from './es/errors.json'
import enValidation from './en/validation.json'
import esValidation from './es/validation.json'
import enMail from './en/mail.json'
import esMail from './es/mail.json'
import enSeo from './en/seo.json'
import esSeo from './es/seo.json'

export { isLocale, LANGUAGE_COOKIE, LOCALES, type Locale, negotiateLocale, type Values } from './catalog'

// On the server the catalogs are ICU strings, parsed once each on first use.
setFormatter(IntlMessageFormat)

/**
 * The server's catalogs (docs/i18n.md): one JSON file per language and area
 * under server/i18n/<language>/. Keys are prefixed by their area
 * (`errors.notFound`, `validation.required`), so one lookup table serves all.
 * `validation` is shared with the browser: the zod schemas the forms use carry
 * its keys as their messages (client/src/locales/index.ts loads it there).
 * A new area adds its two imports here.
 */
export const SERVER_CATALOGS: Record<Locale, Record<string, Messages>> = {
  en: { errors: enErrors, validation: enValidation, mail: enMail, seo: enSeo },
  es: { errors: esErrors, validation: esValidation, mail: esMail, seo: esSeo },
}
const merged: Record<Locale, Messages> = {
  en: Object.assign({}, ...Object.values(SERVER_CATALOGS.en)),
  es: Object.assign({}, ...Object.values(SERVER_CATALOGS.es)),
}

/** True when `key` is a message of the server's catalogs. */
export const isMessageKey = (key: string) => key in merged.en

/** The message `key` in `locale` (missing Spanish falls back to English); undefined for an unknown key. */
export function translate(locale: Locale, key: string, values?: Values): string | undefined {
  return formatMessage(locale, merged[locale], key, values) ?? formatMessage('en', merged.en, key, values)
}

/** A message as a key and its values, for AppError and the mail: translated for whoever reads it. */
export type Message = { key: string; values?: Values }
export const msg = (key: string, values?: Values): Message => ({ key, values })

/**
 * The language of a request: the signed-in person's saved language, else the
 * visitor's choice (the switcher's cookie), else `Accept-Language`.
 */
export function requestLocale(saved: string | null | undefined, cookie: string | undefined, acceptLanguage: string | undefined): Locale {
  if (isLocale(saved)) return saved
  if (isLocale(cookie)) return cookie
  return negotiateLocale(acceptLanguage)
}
