import { describe, expect, test } from 'bun:test'
import { FALLBACK_ZONE, homeZone, timeZoneOf } from './time-zone'
import { slotText } from '../../lib/slot-text'
import { slotStartMs } from '../../lib/home-time'

describe("a home's time zone, offline, from its state and ZIP", () => {
  test.each([
    // Texas: El Paso and Hudspeth on Mountain time, Van Horn (Culberson) and the rest Central.
    ['TX', '79901', 'America/Denver'],
    ['TX', '79851', 'America/Denver'],
    ['TX', '79855', 'America/Chicago'],
    ['TX', '78701', 'America/Chicago'],
    // Florida: the panhandle west of the Apalachicola is Central; Tallahassee and Port St. Joe Eastern.
    ['FL', '32501', 'America/Chicago'],
    ['FL', '32401', 'America/Chicago'],
    ['FL', '32301', 'America/New_York'],
    ['FL', '32456', 'America/New_York'],
    ['FL', '33101', 'America/New_York'],
    // Idaho: the north is Pacific; Oregon: Ontario (Malheur) is Mountain.
    ['ID', '83814', 'America/Los_Angeles'],
    ['ID', '83501', 'America/Los_Angeles'],
    ['ID', '83702', 'America/Boise'],
    ['OR', '97914', 'America/Boise'],
    ['OR', '97201', 'America/Los_Angeles'],
    ['NV', '89883', 'America/Denver'],
    ['NV', '89101', 'America/Los_Angeles'],
    // The Plains: Goodland and Sharon Springs KS, Scottsbluff and Ogallala NE, Rapid City SD, Dickinson ND are Mountain.
    ['KS', '67735', 'America/Denver'],
    ['KS', '67758', 'America/Denver'],
    ['KS', '67202', 'America/Chicago'],
    ['NE', '69361', 'America/Denver'],
    ['NE', '69153', 'America/Denver'],
    ['NE', '69101', 'America/Chicago'],
    ['SD', '57701', 'America/Denver'],
    ['SD', '57501', 'America/Chicago'],
    ['ND', '58601', 'America/Denver'],
    ['ND', '58501', 'America/Chicago'],
    ['ND', '58523', 'America/Chicago'],
    // Kentucky and Tennessee: Bowling Green Central, Elizabethtown and Campbellsville Eastern; Knoxville and Dayton Eastern, Cookeville Central.
    ['KY', '42101', 'America/Chicago'],
    ['KY', '42701', 'America/New_York'],
    ['KY', '42718', 'America/New_York'],
    ['KY', '40202', 'America/New_York'],
    ['TN', '37902', 'America/New_York'],
    ['TN', '37660', 'America/New_York'],
    ['TN', '37321', 'America/New_York'],
    ['TN', '38501', 'America/Chicago'],
    ['TN', '37203', 'America/Chicago'],
    // Indiana: Gary, Michigan City and Evansville Central; Indianapolis, Milford and Huntingburg Eastern.
    ['IN', '46402', 'America/Chicago'],
    ['IN', '46360', 'America/Chicago'],
    ['IN', '47708', 'America/Chicago'],
    ['IN', '46204', 'America/Indiana/Indianapolis'],
    ['IN', '46542', 'America/Indiana/Indianapolis'],
    ['IN', '47542', 'America/Indiana/Indianapolis'],
    // Michigan: Iron Mountain and Ironwood along Wisconsin are Central; Marquette Eastern.
    ['MI', '49801', 'America/Menominee'],
    ['MI', '49938', 'America/Menominee'],
    ['MI', '49855', 'America/Detroit'],
    ['AK', '99546', 'America/Adak'],
    ['AK', '99501', 'America/Anchorage'],
    ['AZ', '85004', 'America/Phoenix'],
    ['HI', '96813', 'Pacific/Honolulu'],
    ['PR', '00901', 'America/Puerto_Rico'],
  ])('%s %s is %s', (state, zip, zone) => {
    expect(timeZoneOf(state, zip)).toBe(zone)
  })

  test('an unknown ZIP takes the state main zone; an unknown state the last zone to reach any hour', () => {
    expect(timeZoneOf('TX', '00000')).toBe('America/Chicago')
    expect(timeZoneOf('tx')).toBe('America/Chicago')
    expect(timeZoneOf('ZZ', '79901')).toBe(FALLBACK_ZONE)
  })

  test('a stored zone is used; a home without one (listed before zones were stored) gets it derived', () => {
    expect(homeZone({ state: 'TX', zip_code: '79901', time_zone: null })).toBe('America/Denver')
    expect(homeZone({ state: 'TX', zip_code: '79901', time_zone: 'America/Denver' })).toBe('America/Denver')
    expect(homeZone({ state: 'TX', zip_code: '79901', time_zone: 'Not/AZone' })).toBe('America/Denver')
  })
})

describe('a tour time labelled in its zone', () => {
  test('El Paso in winter is MST, in summer MDT; the instant is 10:00 there', () => {
    expect(slotText('2026-12-16', '10:00', 'America/Denver')).toBe('Wed, Dec 16, 2026 at 10:00 AM MST')
    expect(slotText('2026-07-15', '14:30', 'America/Denver')).toBe('Wed, Jul 15, 2026 at 2:30 PM MDT')
    expect(new Date(slotStartMs('2026-12-16', '10:00', 'America/Denver')).toISOString()).toBe('2026-12-16T17:00:00.000Z')
    expect(slotText('2026-12-16', '10:00', 'America/Phoenix')).toBe('Wed, Dec 16, 2026 at 10:00 AM MST')
    expect(slotText('2026-12-16', '10:00', 'America/Chicago')).toBe('Wed, Dec 16, 2026 at 10:00 AM CST')
  })
})
