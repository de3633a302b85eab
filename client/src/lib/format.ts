import { format } from 'date-fns'

/** The server's money formatter, the same text on screens as in e-mails (server/lib/money.ts). */
export { money } from '@server/lib/money'

/** 'MMM d, h:mm a' (message timestamps). */
export const messageTime = (iso: string | Date) => format(new Date(iso), 'MMM d, h:mm a')
export const shortDate = (iso: string | Date) => format(new Date(iso), 'MMM d, yyyy')

/** "First Last" for a person; a missing part is left out (the app's one way to write a name). */
export const personName = (first?: string | null, last?: string | null) => [first, last].filter(Boolean).join(' ').trim()

export const initials = (first?: string | null, last?: string | null) =>
  `${(first ?? '').trim().charAt(0)}${(last ?? '').trim().charAt(0)}`.toUpperCase() || '?'

/** An upload limit or file size for people: '10 MB', '1.5 MB', '200 KB' (binary units, as the limits are defined). */
export function fileSize(bytes: number) {
  const [value, unit] = bytes >= 1024 * 1024 ? [bytes / (1024 * 1024), 'MB'] : bytes >= 1024 ? [bytes / 1024, 'KB'] : [bytes, 'B']
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`
}

/** Ratings are shown to one decimal. */
export const ratingText = (average: number) => average.toFixed(1)

/**
 * A calendar date stored as yyyy-MM-dd (a date of birth, a last-use date) in
 * the reader's own format ('Mar 14, 1948' in the US, '14 Mar 1948' in the UK).
 * Read as a local date: parsing it as UTC would show the day before west of Greenwich.
 */
export function calendarDate(value: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return value
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(date)
}
