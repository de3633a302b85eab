import { describe, expect, test } from 'bun:test'
import { safeReturnPath } from './return-path'

describe('safeReturnPath', () => {
  test('a path on this site is kept, with its query and fragment', () => {
    expect(safeReturnPath('/property/abc')).toBe('/property/abc')
    expect(safeReturnPath('/browse?zip=78704&radius=25#results')).toBe('/browse?zip=78704&radius=25#results')
  })

  test('anything that could leave the site is refused', () => {
    for (const bad of [
      '//evil.example',
      '//evil.example/property/1',
      'https://evil.example',
      'http://evil.example/x',
      'javascript:alert(1)',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      ' /property/1',
      'property/1',
      '',
      null,
      undefined,
      42,
      `/${'x'.repeat(2001)}`,
    ])
      expect(safeReturnPath(bad)).toBeNull()
  })
})
