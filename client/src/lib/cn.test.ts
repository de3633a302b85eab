import { describe, expect, test } from 'bun:test'
import { cn } from './cn'
import './tw-merge'

describe('cn', () => {
  test('joins like clsx: strings, skipped falsy values, arrays and condition objects', () => {
    expect(cn('a', false, null, undefined, '', 0, 'b')).toBe('a b')
    expect(cn(['a', ['b', false && 'c']], { d: true, e: false, f: 1 })).toBe('a b d f')
    expect(cn()).toBe('')
  })

  test('the later of two conflicting Tailwind utilities wins', () => {
    expect(cn('px-4 py-2', 'px-2')).toBe('py-2 px-2')
    expect(cn('bg-brand-700 text-white', 'bg-red-700')).toBe('text-white bg-red-700')
    expect(cn('h-10 px-4 text-sm', { 'h-8': true })).toBe('px-4 text-sm h-8')
  })

  test('utilities of different kinds are kept (size and colour of text)', () => {
    expect(cn('text-sm text-slate-700')).toBe('text-sm text-slate-700')
    expect(cn('outline-2 outline-offset-2 outline-brand-600')).toBe('outline-2 outline-offset-2 outline-brand-600')
  })
})
