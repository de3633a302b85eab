import fs from 'node:fs'
import path from 'node:path'
import { ZIP_FORMAT } from './geo.schemas'
import { US_STATES } from './states'

export type ZipLocation = { zip: string; latitude: number; longitude: number; city: string; state: string }

export const ZIP_PATTERN = ZIP_FORMAT

let zipDataFile = path.join(import.meta.dir, 'data/us-zips.tsv')
/** The single binary reads the copy embedded in it (server/binary.ts). */
export function setZipDataFile(file: string) {
  zipDataFile = file
  data = null
  byState = null
}

/**
 * The US ZIP centroids (ADR 011: generated from the `zipcodes` package by
 * `npm run build:zip-data`), one line per ZIP, sorted: read on the first
 * lookup, with only the offset of each line indexed (a few ms), so a process
 * that never geocodes never pays for it and a lookup is a binary search.
 */
type ZipData = { text: string; lineStarts: number[] }
let data: ZipData | null = null

function zipData(): ZipData {
  if (data) return data
  const text = fs.readFileSync(zipDataFile, 'utf8')
  const lineStarts: number[] = []
  for (let at = text.indexOf('\n') + 1; at > 0 && at < text.length; at = text.indexOf('\n', at) + 1) lineStarts.push(at) // the first line is the header
  data = { text, lineStarts }
  return data
}

function parseLine(text: string, start: number): ZipLocation {
  const end = text.indexOf('\n', start)
  const [zip, latitude, longitude, state, city] = text.slice(start, end < 0 ? undefined : end).split('\t') as [string, string, string, string, string]
  return { zip, latitude: Number(latitude), longitude: Number(longitude), city, state }
}

function findZip(zip: string): ZipLocation | null {
  const { text, lineStarts } = zipData()
  let lo = 0
  let hi = lineStarts.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1
    const key = text.slice(lineStarts[mid]!, lineStarts[mid]! + 5)
    if (key === zip) return parseLine(text, lineStarts[mid]!)
    if (key < zip) lo = mid + 1
    else hi = mid - 1
  }
  return null
}

/** Line offsets per state, built on the first state or city query (seeding, matching). */
let byState: Map<string, number[]> | null = null
function linesOfState(state: string): number[] {
  if (!byState) {
    const { text, lineStarts } = zipData()
    byState = new Map()
    for (const start of lineStarts) {
      let tab = start
      for (let n = 0; n < 3; n++) tab = text.indexOf('\t', tab) + 1
      const code = text.slice(tab, tab + 2)
      const list = byState.get(code)
      if (list) list.push(start)
      else byState.set(code, [start])
    }
  }
  return byState.get(state) ?? []
}

/** A state code from a code or a full name ("ca", "California" → "CA"). */
function stateCode(state: string): string {
  const upper = state.trim().toUpperCase()
  if (upper in US_STATES) return upper
  return Object.keys(US_STATES).find((code) => US_STATES[code]!.toUpperCase() === upper) ?? upper
}

/**
 * Offline geocoding: the ZIP centroid. Accepts 5-digit and ZIP+4; returns
 * null when the ZIP is unknown.
 */
export function lookupZip(zip: string): ZipLocation | null {
  const trimmed = zip.trim()
  if (!ZIP_PATTERN.test(trimmed)) return null
  return findZip(trimmed.slice(0, 5))
}

/** Every US ZIP of a state, sorted by ZIP (seeding). */
export function zipsOfState(state: string): ZipLocation[] {
  const { text } = zipData()
  return linesOfState(stateCode(state)).map((start) => parseLine(text, start))
}

/** The ZIPs of a city in a state, case-insensitive (matching locates a preferred city by them). */
export function zipsOfCity(city: string, state: string): ZipLocation[] {
  const name = city.trim().toUpperCase()
  return zipsOfState(state).filter((z) => z.city.toUpperCase() === name)
}
