import { expect, test } from 'bun:test'
import { format } from 'date-fns'
import { datesFor } from './dates'

const when = new Date(2026, 11, 7, 15, 5)

test('English dates are exactly the formats the app always used; Spanish ones are written the Spanish way', () => {
  const en = datesFor('en')
  expect([en.shortDate(when), en.messageTime(when), en.longDate(when)]).toEqual([format(when, 'MMM d, yyyy'), format(when, 'MMM d, h:mm a'), format(when, 'EEEE, MMMM d, yyyy')])
  expect(en.shortDate(when)).toBe('Dec 7, 2026')
  const es = datesFor('es')
  expect([es.shortDate(when), es.messageTime(when), es.longDate(when)]).toEqual(['7 de dic de 2026', '7 de dic, 15:05', 'lunes, 7 de diciembre de 2026'])
  expect(es.shortDate(when.toISOString())).toBe('7 de dic de 2026')
})
