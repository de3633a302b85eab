import { expect, test } from 'bun:test'
import fs from 'node:fs'
import path from 'node:path'

/**
 * env.ts is the only reader of process.env in what the server and the CLI run: every setting is
 * validated at boot and listed in the README's configuration table, never read on the side.
 * Tests and test helpers (`*.test.ts`, `server/test/`, the builds tests use) set variables for the
 * processes they start, which is not reading configuration.
 */
test('only server/env.ts reads process.env in the code the server and the CLI run', () => {
  const root = path.resolve(import.meta.dir, '..')
  const files = Bun.spawnSync(['git', 'ls-files', 'server', 'bin', 'client/src'], { cwd: root })
    .stdout.toString()
    .split('\n')
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts') && !f.startsWith('server/test/') && f !== 'server/env.ts')
  expect(files.length).toBeGreaterThan(300)
  const readers = files.filter((f) => /process\.env\b(?!\.NODE_ENV)/.test(fs.readFileSync(path.join(root, f), 'utf8')))
  expect(readers).toEqual([])
})

test('the README’s configuration table lists every variable env.ts reads', () => {
  const root = path.resolve(import.meta.dir, '..')
  const source = fs.readFileSync(path.join(root, 'server/env.ts'), 'utf8')
  const schema = source.slice(source.indexOf('const schema = z.object({'), source.indexOf('/** A bucket needs credentials'))
  const names = [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!)
  expect(names.length).toBeGreaterThan(30)
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8')
  expect(names.filter((n) => !readme.includes(`\`${n}\``))).toEqual([])
})
