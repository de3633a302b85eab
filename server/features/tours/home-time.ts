import { MINUTE } from '../../lib/clock'

/**
 * Tour slots (yyyy-MM-dd + HH:mm) are wall-clock times at the home. To say
 * whether a slot is past, when a confirmed tour is over, and to put the right
 * instant in a calendar invitation, the server reads them in the home's time
 * zone, taken from its state. A state spanning two zones uses the zone where
 * most of its people live (the Florida panhandle, west Texas, eastern Oregon
 * and the like are an hour off; the slot is still stated as typed everywhere
 * it is shown).
 */
const STATE_ZONES: Record<string, string> = {
  AL: 'America/Chicago', AK: 'America/Anchorage', AZ: 'America/Phoenix', AR: 'America/Chicago', CA: 'America/Los_Angeles',
  CO: 'America/Denver', CT: 'America/New_York', DE: 'America/New_York', DC: 'America/New_York', FL: 'America/New_York',
  GA: 'America/New_York', HI: 'Pacific/Honolulu', ID: 'America/Boise', IL: 'America/Chicago', IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago', KS: 'America/Chicago', KY: 'America/New_York', LA: 'America/Chicago', ME: 'America/New_York',
  MD: 'America/New_York', MA: 'America/New_York', MI: 'America/Detroit', MN: 'America/Chicago', MS: 'America/Chicago',
  MO: 'America/Chicago', MT: 'America/Denver', NE: 'America/Chicago', NV: 'America/Los_Angeles', NH: 'America/New_York',
  NJ: 'America/New_York', NM: 'America/Denver', NY: 'America/New_York', NC: 'America/New_York', ND: 'America/Chicago',
  OH: 'America/New_York', OK: 'America/Chicago', OR: 'America/Los_Angeles', PA: 'America/New_York', RI: 'America/New_York',
  SC: 'America/New_York', SD: 'America/Chicago', TN: 'America/Chicago', TX: 'America/Chicago', UT: 'America/Denver',
  VT: 'America/New_York', VA: 'America/New_York', WA: 'America/Los_Angeles', WV: 'America/New_York', WI: 'America/Chicago',
  WY: 'America/Denver', PR: 'America/Puerto_Rico', VI: 'America/St_Thomas', GU: 'Pacific/Guam', AS: 'Pacific/Pago_Pago',
  MP: 'Pacific/Saipan',
}
/** An unknown state is read in the last zone to reach any hour (UTC-12), so no slot is called past too early. */
const FALLBACK_ZONE = 'Etc/GMT+12'

export const homeTimeZone = (state: string) => STATE_ZONES[state.trim().toUpperCase()] ?? FALLBACK_ZONE

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
 * The instant a slot starts at a home in `state`. The offset is looked up
 * twice, at the naive guess and at the corrected instant, so a slot on a
 * daylight-saving change day lands on the right side of it.
 */
export function slotStartMs(date: string, time: string, state: string) {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const [h, min] = time.split(':').map(Number) as [number, number]
  const naive = Date.UTC(y, m - 1, d, h, min)
  const zone = homeTimeZone(state)
  const first = naive - zoneOffsetMs(zone, naive)
  return naive - zoneOffsetMs(zone, first)
}
