import { describe, expect, test } from 'bun:test'
import { anonymous, setupTestDb } from '../../test/setup'
import { boundingBox, distanceMiles } from './distance'
import { matchStates } from './match-states'

setupTestDb()

describe('GET /api/geo/zip/:zip', () => {
  test('geocodes a 5-digit ZIP and a ZIP+4 offline', async () => {
    const five = await anonymous().get('/api/geo/zip/78704')
    expect(five.status).toBe(200)
    expect(five.json).toEqual({ zip: '78704', latitude: 30.2428, longitude: -97.7658, city: 'Austin', state: 'TX' })
    const plus4 = await anonymous().get('/api/geo/zip/10001-1234')
    expect(plus4.json).toMatchObject({ zip: '10001', city: 'New York', state: 'NY' })
  })

  test.each(['7870', '787041', 'abcde', '78704-12', '78704 1234'])('refuses the bad format %p with a 422', async (zip) => {
    const res = await anonymous().get(`/api/geo/zip/${encodeURIComponent(zip)}`)
    expect(res.status).toBe(422)
    expect(res.json.error.message).toBe('Invalid ZIP code')
  })

  test('an unknown ZIP is a 404 with the product’s exact text', async () => {
    const res = await anonymous().get('/api/geo/zip/00000')
    expect(res.status).toBe(404)
    expect(res.json.error.message).toBe('Could not find location for the provided ZIP code')
  })
})

describe('distance and bounding box', () => {
  test('haversine with an earth radius of 3959 miles', () => {
    // One degree of latitude is 3959 × π / 180 = 69.0975 miles.
    expect(distanceMiles(30, -97, 31, -97)).toBeCloseTo(69.0975, 3)
    // New York (10001) to Austin (78704), by the haversine formula by hand: 1514.44 miles.
    expect(distanceMiles(40.7484, -73.9967, 30.2428, -97.7658)).toBeCloseTo(1514.44, 1)
    expect(distanceMiles(30.2428, -97.7658, 30.2428, -97.7658)).toBe(0)
  })

  test('the box contains every point of the circle, in each direction', () => {
    for (const [lat, lng] of [[30.2428, -97.7658], [61.2116, -149.8761], [18.16, -66.72]] as const) {
      for (const radius of [10, 50, 250]) {
        const box = boundingBox(lat, lng, radius)
        for (let bearing = 0; bearing < 360; bearing += 15) {
          const [pLat, pLng] = destination(lat, lng, radius * 0.999, bearing)
          expect(pLat).toBeGreaterThanOrEqual(box.minLat)
          expect(pLat).toBeLessThanOrEqual(box.maxLat)
          expect(pLng).toBeGreaterThanOrEqual(box.minLng!)
          expect(pLng).toBeLessThanOrEqual(box.maxLng!)
        }
      }
    }
  })

  test('drops longitude bounds across the antimeridian and near a pole', () => {
    expect(boundingBox(51.874, -176.634, 250)).toMatchObject({ minLng: null, maxLng: null })
    expect(boundingBox(89.5, 0, 100)).toMatchObject({ minLng: null, maxLng: null })
  })
})

describe('state matching', () => {
  test('a 2-letter code, or a partial full name, case-insensitive', () => {
    expect(matchStates('TX')).toEqual(['TX'])
    expect(matchStates(' ca ')).toEqual(['CA'])
    expect(matchStates('texas')).toEqual(['TX'])
    expect(matchStates('Carolina').sort()).toEqual(['NC', 'SC'])
    expect(matchStates('Atlantis')).toEqual([])
    expect(matchStates('   ')).toEqual([])
  })
})

/** The point `miles` away from (lat, lng) on the initial bearing, on a sphere of radius 3959. */
function destination(lat: number, lng: number, miles: number, bearingDeg: number): [number, number] {
  const r = Math.PI / 180
  const d = miles / 3959
  const b = bearingDeg * r
  const phi = Math.asin(Math.sin(lat * r) * Math.cos(d) + Math.cos(lat * r) * Math.sin(d) * Math.cos(b))
  const lambda = lng * r + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat * r), Math.cos(d) - Math.sin(lat * r) * Math.sin(phi))
  return [phi / r, lambda / r]
}
