import { describe, expect, test } from 'bun:test'
import { csvCell, csvFilename, toCsv } from './csv'

describe('csv cells', () => {
  test.each([
    ['plain', 'plain'],
    ['with, comma', '"with, comma"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rhere', '"cr\rhere"'],
    [' padded ', '" padded "'],
    ['', ''],
  ])('%p → %p', (input, expected) => {
    expect(csvCell(input)).toBe(expected)
  })

  test.each([
    ['=1+2', "'=1+2"],
    ['+1 555 0100', "'+1 555 0100"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=cmd', "'\t=cmd"],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['=a,b', `"'=a,b"`],
  ])('formula %p is neutralised as %p', (input, expected) => {
    expect(csvCell(input)).toBe(expected)
  })

  test('non-text values', () => {
    expect(csvCell(null)).toBe('')
    expect(csvCell(undefined)).toBe('')
    expect(csvCell(42)).toBe('42')
    expect(csvCell(-3)).toBe('-3') // numbers we computed are not formulas
    expect(csvCell(true)).toBe('true')
    expect(csvCell(new Date('2030-01-02T03:04:05Z'))).toBe('2030-01-02T03:04:05.000Z')
    expect(csvCell(['a', 'b'])).toBe('a; b')
  })
})

describe('csv documents', () => {
  test('header row, one line per row, CRLF line ends', () => {
    const out = toCsv([{ name: 'Ann, Jr', n: 2 }, { name: '=evil', n: 0 }], [
      { header: 'Name', value: (r) => r.name },
      { header: 'Count', value: (r) => r.n },
    ])
    expect(out).toBe('Name,Count\r\n"Ann, Jr",2\r\n\'=evil,0\r\n')
  })

  test('file names carry the date', () => {
    expect(csvFilename('operators', new Date('2030-04-05T23:59:00Z'))).toBe('operators-2030-04-05.csv')
  })
})
