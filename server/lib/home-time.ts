import { MINUTE } from './clock'

/**
 * Tour slots (yyyy-MM-dd + HH:mm) are wall-clock times at the home. To say
 * whether a slot is past, when a confirmed tour is over, to put the right
 * instant in a calendar invitation and to name the zone beside the time, they
 * are read in the home's IANA zone (the property's `time_zone`, from its state
 * and ZIP: geo/time-zone.ts). Pure (Intl only): the client shares it.
 */

const formats = new Map<string, Intl.DateTimeFormat>()
const formatFor = (zone: string) => {
  let f = formats.get(zone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' })
    formats.set(zone, f)
  }
  return f
}

/** How far `zone`'s wall clock is ahead of UTC at the instant `ms` (to the minute). */
function zoneOffsetMs(zone: string, ms: number) {
  const parts = Object.fromEntries(formatFor(zone).formatToParts(ms).map((p) => [p.type, p.value]))
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute))
  return wall - Math.floor(ms / MINUTE) * MINUTE
}

/**
 * The instant a slot starts at a home in `zone`. The offset is looked up
 * twice, at the naive guess and at the corrected instant, so a slot on a
 * daylight-saving change day lands on the right side of it.
 */
export function slotStartMs(date: string, time: string, zone: string) {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const [h, min] = time.split(':').map(Number) as [number, number]
  const naive = Date.UTC(y, m - 1, d, h, min)
  const first = naive - zoneOffsetMs(zone, naive)
  return naive - zoneOffsetMs(zone, first)
}

/** The zone's short name at an instant, as Intl writes it in en-US ("MST", "CDT", "EST"). */
export function zoneName(zone: string, ms: number) {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' }).formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value ?? ''
  } catch {
    return ''
  }
}

/** A slot's zone name on its own day (MST in winter, MDT in summer): the label beside every tour time. */
export const slotZoneName = (date: string, time: string, zone: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{1,2}:\d{2}$/.test(time)) return ''
  return zoneName(zone, slotStartMs(date, time, zone))
}
