import { expect, test } from 'bun:test'
import path from 'node:path'
import ts from 'typescript'
import { floatingThenables } from './floating-thenables'

const root = path.resolve(import.meta.dir, '../..')

/** The check over one file that exists only in memory, beside this one (it imports the real schema and drizzle). */
function check(source: string) {
  const dir = path.join(import.meta.dir, 'in-memory')
  const file = path.join(dir, 'sample.ts')
  const { options } = ts.parseJsonConfigFileContent(ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile).config, ts.sys, root)
  const host = ts.createCompilerHost(options)
  const { getSourceFile, fileExists, readFile } = host
  host.getSourceFile = (name, ...rest) => (name === file ? ts.createSourceFile(name, source, ts.ScriptTarget.ESNext, true) : getSourceFile.call(host, name, ...rest))
  host.fileExists = (name) => name === file || fileExists.call(host, name)
  host.readFile = (name) => (name === file ? source : readFile.call(host, name))
  return floatingThenables(ts.createProgram({ rootNames: [file], options, host }), dir).map((f) => f.replace(/^sample\.ts:/, ''))
}

test('a query builder or a promise left as a statement is found; awaited, voided, kept or handled ones are not', () => {
  const found = check(`
import { eq } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { properties } from '../../db/schema'

export async function sample(tx: Tx, work: () => Promise<void>, maybe: () => void | Promise<void>) {
  tx.insert(properties).values([])
  tx.update(properties).set({ is_active: false }).where(eq(properties.id, 'x'))
  work()
  await tx.insert(properties).values([])
  void work()
  const kept = work()
  work().catch(() => {})
  work().then(() => {}, () => {})
  maybe()
  return kept
}
`)
  expect(found.map((f) => f.split('  ')[1])).toEqual([
    'tx.insert(properties).values([])',
    "tx.update(properties).set({ is_active: false }).where(eq(properties.id, 'x'))",
    'work()',
  ])
}, 60_000)
