import { describe, expect, test } from 'bun:test'
import { ageOn } from './dates'

describe('ageOn', () => {
  test('a year is counted only once the birthday has come', () => {
    expect(ageOn('1950-05-20', new Date('2025-05-19T23:59:59Z'))).toBe(74)
    expect(ageOn('1950-05-20', new Date('2025-05-20T00:00:00Z'))).toBe(75)
    expect(ageOn('1950-05-20', new Date('2025-12-31T12:00:00Z'))).toBe(75)
  })

  test('a 29 February birthday counts from 1 March in other years', () => {
    expect(ageOn('2000-02-29', new Date('2025-02-28T12:00:00Z'))).toBe(24)
    expect(ageOn('2000-02-29', new Date('2025-03-01T00:00:00Z'))).toBe(25)
    expect(ageOn('2000-02-29', new Date('2024-02-29T00:00:00Z'))).toBe(24)
  })
})
