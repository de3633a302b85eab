import type { Locale, Messages } from '@server/i18n/catalog'

/**
 * Every catalog, one file per language and area (docs/i18n.md): each loads as
 * its own small chunk, only for the language being read and only when a screen
 * of that area renders. A new area adds one line per language here.
 */
type Loader = () => Promise<{ default: Messages }>
export const CATALOGS = {
  en: {
    shell: () => import('./en/shell.json'),
    messaging: () => import('./en/messaging.json'),
    reviews: () => import('./en/reviews.json'),
    care: () => import('./en/care.json'),
    home: () => import('./en/home.json'),
    notFound: () => import('./en/notFound.json'),
    info: () => import('./en/info.json'),
    referrals: () => import('./en/referrals.json'),
    systems: () => import('./en/systems.json'),
    admin: () => import('./en/admin.json'),
    properties: () => import('./en/properties.json'),
    // Shared with the server: the zod schemas' messages (server/i18n/keyed.ts).
    validation: () => import('@server/i18n/en/validation.json'),
  },
  es: {
    shell: () => import('./es/shell.json'),
    messaging: () => import('./es/messaging.json'),
    reviews: () => import('./es/reviews.json'),
    care: () => import('./es/care.json'),
    home: () => import('./es/home.json'),
    notFound: () => import('./es/notFound.json'),
    info: () => import('./es/info.json'),
    referrals: () => import('./es/referrals.json'),
    systems: () => import('./es/systems.json'),
    admin: () => import('./es/admin.json'),
    properties: () => import('./es/properties.json'),
    validation: () => import('@server/i18n/es/validation.json'),
  },
} satisfies Record<Locale, Record<string, Loader>>

export type Area = keyof (typeof CATALOGS)['en']
