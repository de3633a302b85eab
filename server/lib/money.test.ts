import { expect, test } from 'bun:test'
import { money } from './money'

test('money: whole dollars without cents, cents when there are some, thousands grouped, nothing for no amount', () => {
  expect([0, 5, 50000, 320000, 325050, 123456789, -500, null, undefined].map(money)).toEqual(['$0', '$0.05', '$500', '$3,200', '$3,250.50', '$1,234,567.89', '-$5', '', ''])
})
