import { describe, expect, test } from 'bun:test'
import zipcodes from 'zipcodes'
import { lookupZip, zipsOfCity, zipsOfState } from './zip'
import { US_STATES } from './states'

/**
 * The ZIP asset (data/us-zips.tsv) must give the same centroids as the
 * `zipcodes` package it is generated from; this fails after a package
 * upgrade until `npm run build:zip-data` is run.
 */
describe('ZIP data asset', () => {
  const usCodes = Object.values(zipcodes.codes).filter((z) => z.country === 'US' && typeof z.latitude === 'number')

  test('every US ZIP of the package answers the same location', () => {
    expect(usCodes.length).toBeGreaterThan(40_000)
    const mismatches = usCodes.filter((z) => {
      const hit = lookupZip(z.zip)
      return !hit || hit.latitude !== z.latitude || hit.longitude !== z.longitude || hit.city !== z.city || hit.state !== z.state
    })
    expect(mismatches.map((z) => z.zip)).toEqual([])
  })

  test('ZIP+4 and spaces are accepted; unknown and malformed ZIPs are null', () => {
    expect(lookupZip(' 10001-1234 ')).toMatchObject({ zip: '10001', state: 'NY', city: 'New York' })
    expect(lookupZip('00000')).toBeNull()
    expect(lookupZip('1000')).toBeNull()
    expect(lookupZip('abcde')).toBeNull()
  })

  test('a state lists the same ZIPs as the package, sorted; full names work too', () => {
    for (const state of Object.keys(US_STATES)) {
      const expected = zipcodes.lookupByState(state).filter((z) => z.country === 'US').map((z) => z.zip).sort()
      expect(zipsOfState(state).map((z) => z.zip)).toEqual(expected)
    }
    expect(zipsOfState('California').length).toBe(zipsOfState('CA').length)
    expect(zipsOfState('ZZ')).toEqual([])
  })

  test('a city answers the same ZIPs as the package, case-insensitive', () => {
    for (const [city, state] of [['Austin', 'TX'], ['portland', 'OR'], ['Portland', 'ME'], ['Springfield', 'IL'], ['Nowhere', 'TX']] as const) {
      const expected = zipcodes.lookupByName(city, state).map((z) => z.zip).sort()
      expect(zipsOfCity(city, state).map((z) => z.zip).sort()).toEqual(expected)
    }
  })

  test('answers are copies: a caller cannot change the dataset', () => {
    const hit = lookupZip('10001')!
    hit.latitude = 0
    expect(lookupZip('10001')!.latitude).not.toBe(0)
  })
})
