import { describe, expect, test } from 'bun:test'
import fs from 'node:fs'
import path from 'node:path'

/**
 * Every catalog is complete and used (docs/i18n.md): each key of an area is in
 * every language, and each key appears whole in the code (a key built at run
 * time would escape this check: write keys whole). Client areas live in
 * client/src/locales/<language>/, server areas in server/i18n/<language>/.
 */
const root = path.resolve(import.meta.dir, '../../..')
const DIRS = ['client/src/locales', 'server/i18n']
const LANGUAGES = ['en', 'es']

const catalogs = DIRS.flatMap((dir) =>
  fs.readdirSync(path.join(root, dir, 'en')).map((file) => ({ dir, area: file.replace(/\.json$/, '') })),
)
const read = (dir: string, language: string, area: string) =>
  JSON.parse(fs.readFileSync(path.join(root, dir, language, `${area}.json`), 'utf8')) as Record<string, string>

function sources(dir: string): string {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => fs.readFileSync(path.join(e.parentPath, e.name), 'utf8'))
    .join('\n')
}
const code = sources(path.join(root, 'client/src')) + sources(path.join(root, 'server'))

describe('the catalogs', () => {
  test('there are some, each with an English file', () => {
    expect(catalogs.map((c) => c.area)).toEqual(expect.arrayContaining(['shell', 'errors', 'validation']))
  })

  for (const { dir, area } of catalogs) {
    test(`${dir}/${area}: the same keys in every language, none empty`, () => {
      const english = read(dir, 'en', area)
      for (const language of LANGUAGES) {
        const messages = read(dir, language, area)
        expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort())
        expect(Object.entries(messages).filter(([, text]) => !text.trim())).toEqual([])
      }
    })

    test(`${dir}/${area}: every key is used in the code`, () => {
      const unused = Object.keys(read(dir, 'en', area)).filter((key) => !code.includes(`'${key}'`) && !code.includes(`\`${key}\``) && !code.includes(`"${key}"`))
      expect(unused).toEqual([])
    })
  }
})
