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
    admin: () => import('./en/admin.json'),
    properties: () => import('./en/properties.json'),
    // Shared with the server: the zod schemas' messages (server/i18n/keyed.ts).
    validation: () => import('@server/i18n/en/validation.json'),
  },
  es: {
    shell: () => import('./es/shell.json'),
    admin: () => import('./es/admin.json'),
    properties: () => import('./es/properties.json'),
    validation: () => import('@server/i18n/es/validation.json'),
  },
} satisfies Record<Locale, Record<string, Loader>>

export type Area = keyof (typeof CATALOGS)['en']
