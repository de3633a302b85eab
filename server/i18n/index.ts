import { IntlMessageFormat } from 'intl-messageformat'
import { formatMessage, isLocale, type Locale, type Messages, negotiateLocale, setFormatter, type Values } from './catalog'
import enAccounts from './en/accounts.json'
import esAccounts from './es/accounts.json'
import enAdmin from './en/admin.json'
import esAdmin from './es/admin.json'
import enAnalytics from './en/analytics.json'
import esAnalytics from './es/analytics.json'
import enAuth from './en/auth.json'
import esAuth from './es/auth.json'
import enBilling from './en/billing.json'
import esBilling from './es/billing.json'
import enDirectory from './en/directory.json'
import esDirectory from './es/directory.json'
import enDocuments from './en/documents.json'
import esDocuments from './es/documents.json'
import enErrors from './en/errors.json'
import esErrors from './es/errors.json'
import enFhir from './en/fhir.json'
import esFhir from './es/fhir.json'
import enGeo from './en/geo.json'
import esGeo from './es/geo.json'
import enInvitations from './en/invitations.json'
import esInvitations from './es/invitations.json'
import enMail from './en/mail.json'
import esMail from './es/mail.json'
import enSeo from './en/seo.json'
import esSeo from './es/seo.json'
import enMarketplace from './en/marketplace.json'
import esMarketplace from './es/marketplace.json'
import enMessaging from './en/messaging.json'
import esMessaging from './es/messaging.json'
import enNotifications from './en/notifications.json'
import esNotifications from './es/notifications.json'
import enOperators from './en/operators.json'
import esOperators from './es/operators.json'
import enPayouts from './en/payouts.json'
import esPayouts from './es/payouts.json'
import enProperties from './en/properties.json'
import esProperties from './es/properties.json'
import enReferrals from './en/referrals.json'
import esReferrals from './es/referrals.json'
import enReviews from './en/reviews.json'
import esReviews from './es/reviews.json'
import enSmart from './en/smart.json'
import esSmart from './es/smart.json'
import enSystems from './en/systems.json'
import esSystems from './es/systems.json'
import enTours from './en/tours.json'
import esTours from './es/tours.json'
import enValidation from './en/validation.json'
import esValidation from './es/validation.json'
import enVerification from './en/verification.json'
import esVerification from './es/verification.json'

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
  en: {
    accounts: enAccounts,
    admin: enAdmin,
    analytics: enAnalytics,
    auth: enAuth,
    billing: enBilling,
    directory: enDirectory,
    documents: enDocuments,
    errors: enErrors,
    fhir: enFhir,
    geo: enGeo,
    invitations: enInvitations,
    mail: enMail,
    marketplace: enMarketplace,
    messaging: enMessaging,
    notifications: enNotifications,
    operators: enOperators,
    payouts: enPayouts,
    properties: enProperties,
    referrals: enReferrals,
    reviews: enReviews,
    seo: enSeo,
    smart: enSmart,
    systems: enSystems,
    tours: enTours,
    validation: enValidation,
    verification: enVerification,
  },
  es: {
    accounts: esAccounts,
    admin: esAdmin,
    analytics: esAnalytics,
    auth: esAuth,
    billing: esBilling,
    directory: esDirectory,
    documents: esDocuments,
    errors: esErrors,
    fhir: esFhir,
    geo: esGeo,
    invitations: esInvitations,
    mail: esMail,
    marketplace: esMarketplace,
    messaging: esMessaging,
    notifications: esNotifications,
    operators: esOperators,
    payouts: esPayouts,
    properties: esProperties,
    referrals: esReferrals,
    reviews: esReviews,
    seo: esSeo,
    smart: esSmart,
    systems: esSystems,
    tours: esTours,
    validation: esValidation,
    verification: esVerification,
  },
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
