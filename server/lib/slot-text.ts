/**
 * Tour slots are stored as yyyy-MM-dd + HH:mm, the wall-clock time at the home.
 * People read them as 'Sat, Nov 28, 2026 at 2:30 PM' (notifications, the
 * dashboard), never as the stored '2026-11-28 at 14:30'. Pure, shared with the client.
 */
import { slotZoneName } from './home-time'

/** 'HH:mm' → '2:30 PM'; anything else is returned as it is. */
export function clockTime(time: string) {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time.trim())
  if (!match) return time
  const hours = Number(match[1])
  if (hours > 23) return time
  return `${hours % 12 === 0 ? 12 : hours % 12}:${match[2]} ${hours < 12 ? 'AM' : 'PM'}`
}

/** 'yyyy-MM-dd' → 'Sat, Nov 28, 2026' (the calendar day as written, whatever the reader's zone). */
export function slotDay(date: string) {
  const d = new Date(`${date}T00:00:00Z`)
  if (Number.isNaN(d.getTime())) return date
  return d.toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' })
}

/** 'HH:mm' in a zone → '2:30 PM MST' (the zone's name on that day): how every tour time is labelled. */
export const zonedClockTime = (date: string, time: string, zone: string) => `${clockTime(time)} ${slotZoneName(date, time, zone)}`.trim()

/** A slot as people read it: 'Sat, Nov 28, 2026 at 2:30 PM MST' (the home's zone). */
export const slotText = (date: string, time: string, zone: string) => `${slotDay(date)} at ${zonedClockTime(date, time, zone)}`
