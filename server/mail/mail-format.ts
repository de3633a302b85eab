import type { Locale } from '../i18n'
import { slotZoneName } from '../lib/home-time'
import { money } from '../lib/money'
import { slotText } from '../lib/slot-text'

/**
 * Dates, tour slots and money in an e-mail, in the recipient's language (ADR 037): English keeps the
 * exact text every screen shows (slot-text.ts, money.ts); Spanish is formatted by `Intl` for es-US.
 */
const INTL: Record<Locale, string> = { en: 'en-US', es: 'es-US' }

/** Dates in e-mails are stated in UTC: the reader's time zone is unknown. */
export const mailDateTime = (at: Date, locale: Locale = 'en') =>
  `${at.toLocaleString(INTL[locale], { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' })} UTC`

/** A tour slot (yyyy-MM-dd + HH:mm, the home's wall clock) with its zone: "Tue, Mar 4, 2025 at 10:30 AM MST" / "mar, 4 de mar de 2025, 10:30 a.m. MST". */
export function mailSlot(date: string, time: string, zone: string, locale: Locale = 'en') {
  const at = new Date(`${date}T${time}:00Z`)
  if (locale === 'en' || Number.isNaN(at.getTime())) return slotText(date, time, zone)
  const day = at.toLocaleDateString(INTL[locale], { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' })
  const clock = at.toLocaleTimeString(INTL[locale], { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' })
  return `${day}, ${clock} ${slotZoneName(date, time, zone)}`.trim()
}

/** Whole cents as dollars: '$3,200' / '$3,250.50' in English (money.ts), the same amount by Intl for Spanish. */
export function mailMoney(cents: number, locale: Locale = 'en') {
  if (locale === 'en') return money(cents)
  const digits = cents % 100 ? 2 : 0
  return new Intl.NumberFormat(INTL[locale], { style: 'currency', currency: 'USD', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(cents / 100)
}
