/** The languages Homeward speaks (ADR 037), for the shared zod schemas: light, the browser imports it. */
export { isLocale, LOCALES, type Locale } from './catalog'
