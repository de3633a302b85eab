import { describe, expect, test } from 'bun:test'
import { referralOptionLabel } from './OperatorDocumentsTab'

const referral = (id: string, referrer_name: string, created_at = '2026-12-07T15:00:00.000Z', document_count = 1) => ({
  id,
  client_name: 'Hana Jones',
  created_at,
  referrer_name,
  document_count,
})

describe('the Documents tab names each referral so two clients of the same name differ', () => {
  test('by the date and the referrer', () => {
    const a = referral('aaaaaaaa-1', 'Rhea Referrer')
    const b = referral('bbbbbbbb-2', 'Remy Second', '2026-11-30T15:00:00.000Z', 2)
    expect(referralOptionLabel(a, [a, b])).toBe('Hana Jones, submitted Dec 7, 2026 by Rhea Referrer (1 document)')
    expect(referralOptionLabel(b, [a, b])).toBe('Hana Jones, submitted Nov 30, 2026 by Remy Second (2 documents)')
  })

  test('and by the reference when the same referrer submitted both the same day', () => {
    const a = referral('aaaaaaaa-1', 'Rhea Referrer')
    const b = referral('bbbbbbbb-2', 'Rhea Referrer')
    expect(referralOptionLabel(a, [a, b])).toBe('Hana Jones, submitted Dec 7, 2026 by Rhea Referrer · ref. aaaaaaaa (1 document)')
    expect(referralOptionLabel(b, [a, b])).toBe('Hana Jones, submitted Dec 7, 2026 by Rhea Referrer · ref. bbbbbbbb (1 document)')
  })
})
