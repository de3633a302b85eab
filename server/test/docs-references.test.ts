/**
 * The docs hold: every file path that README.md and docs/ cite in backticks
 * exists, and every name they cite in a file ("`lockOwner()` in
 * `server/db/dialect.ts`", "(`nextTurn`, `server/test/eventually.ts`)") is
 * in that file. A rename that leaves a doc behind fails here.
 */
import { expect, test } from 'bun:test'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dir, '../..')
const docs = ['README.md', ...fs.readdirSync(path.join(root, 'docs'), { recursive: true }).map(String).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)]

/** A repository path: a top-level folder of this repository, no placeholder (`<id>`) or wildcard. */
const REPO_PATH = /^(server|client|e2e|bench|scripts|docs|migrations|bin|deploy)\/[\w./@-]*$/
/** "`name` in `file.ts`", "`name()` in `file.ts`" and "(`name`, `file.ts`)". */
const NAME_IN_FILE = [/`([A-Za-z_$][\w$]*)(?:\([^`]*\))?` in `([^`]+\.tsx?)`/g, /\(`([A-Za-z_$][\w$]*)(?:\([^`]*\))?`(?: and `[^`]+`)*, `([^`]+\.tsx?)`/g]

const texts = docs.map((doc) => ({ doc, text: fs.readFileSync(path.join(root, doc), 'utf8') }))
const files = Bun.spawnSync(['git', 'ls-files', 'server', 'client', 'e2e', 'bench', 'scripts', 'bin'], { cwd: root }).stdout.toString().split('\n').filter(Boolean)

/** The files a doc may mean by `file`: the path itself, or a shortened one (`db/dialect.ts`, `router.tsx`) that ends one path. */
const filesMeant = (file: string) => (fs.existsSync(path.join(root, file)) ? [file] : files.filter((f) => f.endsWith(`/${file}`)))

test('every file path cited in the README and docs/ exists', () => {
  const cited = texts.flatMap(({ doc, text }) =>
    [...text.matchAll(/`([^`\n]+)`/g)]
      .map((m) => m[1]!.trim().replace(/:\d+(-\d+)?$/, '')) // a line number after a path
      .filter((t) => REPO_PATH.test(t))
      .map((t) => ({ doc, t })),
  )
  expect(cited.length).toBeGreaterThan(100) // the pattern still finds what the docs cite
  expect(cited.filter(({ t }) => !fs.existsSync(path.join(root, t))).map(({ doc, t }) => `${doc}: ${t}`)).toEqual([])
})

test('every name cited in a file is in that file', () => {
  const cited = texts.flatMap(({ doc, text }) => NAME_IN_FILE.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => ({ doc, name: m[1]!, file: m[2]! }))))
  expect(cited.length).toBeGreaterThan(10)
  const wrong = cited.filter(({ name, file }) => {
    const word = new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`)
    return !filesMeant(file).some((f) => word.test(fs.readFileSync(path.join(root, f), 'utf8')))
  })
  expect(wrong.map(({ doc, name, file }) => `${doc}: ${name} in ${file}`)).toEqual([])
})

test('the repository stands alone: no code or doc cites a tracker issue number or a path outside it', () => {
  const sources = [...docs, ...files.filter((f) => /\.(tsx?|md|json|css|html)$/.test(f))]
  // Spelled in two pieces so this file does not match itself.
  const issue = new RegExp(['\\b[Ii]ssues?', ' #?\\d+\\b'].join(''))
  const outside = new RegExp(['\\.\\./', 'shared/'].join(''))
  const cites = sources.flatMap((f) =>
    fs
      .readFileSync(path.join(root, f), 'utf8')
      .split('\n')
      .flatMap((line, i) => (issue.test(line) || outside.test(line) ? [`${f}:${i + 1}: ${line.trim().slice(0, 120)}`] : [])),
  )
  expect(sources.length).toBeGreaterThan(500)
  expect(cites).toEqual([])
})
