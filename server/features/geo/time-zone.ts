import { lookupZip } from './zip'

/**
 * The IANA time zone of a US home, offline: from its state and, in the
 * states that zones split, from its ZIP's centroid (the packaged ZIP data,
 * ADR 011, which carries no zone of its own). The split lines follow county
 * lines; they are drawn here as a few longitude/latitude boxes that put every
 * county seat on the right side. Tour times are wall-clock times at the home,
 * so every screen, e-mail and calendar invitation reads them in this zone.
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
export const FALLBACK_ZONE = 'Etc/GMT+12'

type Point = { lat: number; lon: number; zip: string }

/** The part of a split state that is not on the state's main zone, by its ZIP centroid. */
const SPLITS: Record<string, (p: Point) => string | null> = {
  // El Paso and Hudspeth counties (west of Culberson) keep Mountain time.
  TX: ({ lon }) => (lon < -104.92 ? 'America/Denver' : null),
  // The panhandle west of the Apalachicola River is Central; Port St. Joe (Gulf County's south) is Eastern.
  FL: ({ lon, zip }) => (lon < -85.0 && zip !== '32456' && zip !== '32457' ? 'America/Chicago' : null),
  // North of the Salmon River, Idaho keeps Pacific time.
  ID: ({ lat }) => (lat > 45.4 ? 'America/Los_Angeles' : null),
  // Malheur County is on Mountain time with Boise.
  OR: ({ lat, lon }) => (lon > -118.25 && lat < 44.5 ? 'America/Boise' : null),
  // West Wendover lives on Wendover, Utah's clock.
  NV: ({ zip }) => (zip === '89883' ? 'America/Denver' : null),
  // Sherman, Wallace, Greeley and Hamilton counties.
  KS: ({ lat, lon }) => (lon < -101.48 && lat > 37.74 && lat < 39.57 ? 'America/Denver' : null),
  // The panhandle and the south-west (Keith, Perkins, Chase, Dundy…), and Grant, Hooker and west Cherry.
  NE: ({ lat, lon }) => (lon < -101.35 || (lat > 41.7 && lon < -101.0) ? 'America/Denver' : null),
  // West River.
  SD: ({ lon }) => (lon < -100.95 ? 'America/Denver' : null),
  // The south-west: Stark, Bowman, Hettinger, Grant… and Dunn; Mercer and Oliver stay Central.
  ND: ({ lat, lon }) => (lon < -101.0 && (lat < 47.0 || (lat < 47.6 && lon < -102.15)) ? 'America/Denver' : null),
  // Western Kentucky (with Grayson, Hart, Green, Adair, Russell, Cumberland, Clinton, Wayne) is Central.
  KY: ({ lat, lon }) => (lon < -86.2 || (lat < 37.5 && lon < -85.45) || (lat < 37.2 && lon < -84.75) ? 'America/Chicago' : null),
  // East Tennessee (Knoxville, Chattanooga, the Tri-Cities) is Eastern.
  TN: ({ lat, lon }) => (lon > -84.95 || (lat < 35.6 && lon > -85.35) ? 'America/New_York' : null),
  // The Chicago and Evansville corners are Central.
  IN: ({ lat, lon }) =>
    (lat > 41.17 && lon < -86.47) || (lat > 40.73 && lon < -86.93) || (lat < 38.22 && lon < -86.45) || (lat < 38.55 && lon < -87.4) ? 'America/Chicago' : null,
  // Gogebic, Iron, Dickinson and Menominee counties, along Wisconsin.
  MI: ({ lat, lon }) => ((lat < 46.2 && lon < -87.3) || (lon < -89.37 && lat < 46.85) ? 'America/Menominee' : null),
  // The Aleutians west of 169°30′ W.
  AK: ({ lon }) => (lon < -169.5 ? 'America/Adak' : null),
}

/**
 * The home's zone from its state and ZIP (the ZIP's centroid decides in a
 * split state; an unknown ZIP, the state's main zone).
 */
export function timeZoneOf(state: string, zip?: string | null): string {
  const st = state.trim().toUpperCase()
  const main = STATE_ZONES[st]
  if (!main) return FALLBACK_ZONE
  const split = SPLITS[st]
  if (!split || !zip) return main
  const at = lookupZip(zip.trim().slice(0, 5))
  if (!at || at.state !== st) return main
  return split({ lat: at.latitude, lon: at.longitude, zip: at.zip }) ?? main
}

/** True for a name Intl knows (a stored zone is checked before it is used). */
export const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** A home's zone: the one stored on it, else (a home listed before zones were stored) derived now from its state and ZIP. */
export const homeZone = (p: { state: string; zip_code: string; time_zone?: string | null }) =>
  p.time_zone && isTimeZone(p.time_zone) ? p.time_zone : timeZoneOf(p.state, p.zip_code)
