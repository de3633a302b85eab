import { describe, expect, test } from 'bun:test'
import { conditionKind } from './map-care'
import { mapPatient } from './map-patient'
import { mapCoverage, mapEmergencyContact } from './map-related'

/** The code tables of the import, one case per code (ADR 026): what a record's codes become in the form. */

const SOPT = 'urn:oid:2.16.840.1.113883.3.221.5'
const coverage = (code: string) => ({ resourceType: 'Coverage', status: 'active', type: { coding: [{ system: SOPT, code }] } })

describe('Source of Payment Typology → funding source', () => {
  const cases: [string, string, string][] = [
    ['1', 'Medicare', 'medicare'],
    ['2', 'Medicaid', 'medicaid_waiver'],
    ['3', 'Other government', 'other'],
    ['31', 'Department of Defense', 'va'],
    ['311', 'TRICARE', 'va'],
    ['32', 'Department of Veterans Affairs', 'va'],
    ['321', 'Veteran care', 'va'],
    ['33', 'Indian Health Service or tribe', 'other'],
    ['34', 'HRSA programme', 'other'],
    ['36', 'State government', 'other'],
    ['37', 'Local government', 'other'],
    ['39', 'Other federal', 'other'],
    ['5', 'Private health insurance', 'other'],
    ['511', 'Commercial managed care HMO', 'other'],
    ['6', 'Blue Cross/Blue Shield', 'other'],
    ['7', 'Managed care, unspecified', 'other'],
    ['81', 'Self-pay', 'private_pay'],
  ]
  for (const [code, name, funding] of cases) {
    test(`${code} (${name}) → ${funding}`, () => {
      expect(mapCoverage([coverage(code)]).funding_source).toBe(funding)
    })
  }

  test('VA is named among the benefits only for 31 and 32; Medicaid still comes first', () => {
    expect(mapCoverage([coverage('36')]).benefits_types).toBeUndefined()
    expect(mapCoverage([coverage('32')]).benefits_types).toEqual(['VA Benefits'])
    expect(mapCoverage([coverage('5'), coverage('2')])).toMatchObject({ funding_source: 'medicaid_waiver', benefits_types: ['Medicaid'] })
  })
})

describe('v2-0131 contact role → the emergency contact', () => {
  const V2 = 'http://terminology.hl7.org/CodeSystem/v2-0131'
  const person = (given: string, code?: string) => ({ resourceType: 'RelatedPerson', name: [{ given: [given], family: 'Okafor' }], telecom: [{ system: 'phone', value: '555-010-0300' }], relationship: code ? [{ coding: [{ system: V2, code }] }] : [] })

  test('C (Emergency Contact) is chosen over an earlier contact', () => {
    expect(mapEmergencyContact([person('Nick'), person('Cara', 'C')], undefined).emergency_contact_name).toBe('Cara Okafor')
  })
  test('EP (Emergency contact person, withdrawn after v2.3) is still an emergency contact', () => {
    expect(mapEmergencyContact([person('Nick'), person('Eve', 'EP')], undefined).emergency_contact_name).toBe('Eve Okafor')
  })
  test('E (Employer) is never the emergency contact, not even the only one', () => {
    expect(mapEmergencyContact([person('Boss', 'E'), person('Nick')], undefined).emergency_contact_name).toBe('Nick Okafor')
    expect(mapEmergencyContact([person('Boss', 'E')], undefined)).toEqual({})
  })
  test('I (Insurance company), F and S (agencies) are not people to call', () => {
    expect(mapEmergencyContact([person('Insurer', 'I'), person('Fed', 'F'), person('State', 'S')], undefined)).toEqual({})
  })
  test('N (Next-of-Kin) is taken when nobody is coded as emergency contact', () => {
    expect(mapEmergencyContact([person('Kin', 'N')], undefined).emergency_contact_name).toBe('Kin Okafor')
  })
})

describe('ICD-10 F10–F19 → substance use', () => {
  const condition = (code: string) => ({ code: { coding: [{ system: 'http://hl7.org/fhir/sid/icd-10-cm', code }] } })
  const cases: [string, ReturnType<typeof conditionKind>][] = [
    ['F10.20', 'substance'], // alcohol
    ['F11.20', 'substance'], // opioids
    ['F12.10', 'substance'], // cannabis
    ['F14.20', 'substance'], // cocaine
    ['F16.10', 'substance'], // hallucinogens
    ['F18.10', 'substance'], // inhalants
    ['F19.20', 'substance'], // other psychoactive substances
    ['F17.210', 'medical'], // nicotine dependence, cigarettes
    ['F17.200', 'medical'], // nicotine dependence, unspecified
    ['F33.1', 'psychiatric'],
  ]
  for (const [code, kind] of cases) {
    test(`${code} → ${kind}`, () => {
      expect(conditionKind(condition(code))).toBe(kind)
    })
  }
  test('F17 with a substance code beside it is substance use', () => {
    expect(conditionKind({ code: { coding: [...condition('F17.210').code.coding, ...condition('F10.20').code.coding] } })).toBe('substance')
  })
})

describe('FHIR administrative gender → the form', () => {
  for (const [gender, want] of [['male', 'male'], ['female', 'female'], ['other', 'other'], ['unknown', undefined]] as const) {
    test(`${gender} → ${want ?? 'left for the referrer'}`, () => {
      expect(mapPatient({ gender }).client_gender).toBe(want)
    })
  }
})
