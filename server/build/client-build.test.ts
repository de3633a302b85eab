import { afterAll, describe, expect, test } from 'bun:test'
import fs from 'node:fs'
import path from 'node:path'
import { ENTRY_BROTLI_BUDGET, formatReport } from '../../client/bundle-report'
import { currentClientBuild, removeTestBuilds } from './test-builds'

afterAll(removeTestBuilds)

/**
 * What every page downloads first, checked on a build of the current sources
 * (README, Performance): a change that brings a package back into the entry
 * chunk fails here, not weeks later on a phone.
 */
describe('the client build', () => {
  test('the entry chunk, with the chunks it imports, is at most 100 KB of JavaScript brotli', async () => {
    const { report } = await currentClientBuild()
    // The report's first lines say what the entry is made of, so a failure shows what grew.
    if (report.entry.brotli > ENTRY_BROTLI_BUDGET) console.error(formatReport(report, { modules: 10 }).split('\n').slice(0, 13).join('\n'))
    expect(report.entry.brotli).toBeLessThanOrEqual(ENTRY_BROTLI_BUDGET)
    // Measured from the .br copies written beside the files: a real compression, not the raw size.
    expect(report.entry.brotli).toBeLessThan(report.entry.bytes / 2)
  }, 120_000)

  test('the packages only some pages need stay out of the entry; react-query loads beside the page', async () => {
    const { report } = await currentClientBuild()
    const packages = report.entryModules.map((m) => m.name)
    for (const name of ['zod', 'date-fns', 'sonner', 'react-hook-form', 'tailwind-merge', '@tanstack/query-core', '@tanstack/react-table', 'recharts']) {
      expect(packages).not.toContain(name)
    }
  }, 120_000)

  test("each page's HTML names its files; a page that queries also names the query client's, the home page does not", async () => {
    const { dir, report } = await currentClientBuild()
    const preloads = JSON.parse(fs.readFileSync(path.join(dir, 'preloads.json'), 'utf8')) as Record<string, string[]>
    expect(Object.keys(preloads).sort()).toEqual(report.routes.map((r) => r.path).sort())
    for (const files of Object.values(preloads)) for (const file of files) expect(fs.existsSync(path.join(dir, file))).toBe(true)
    const queryClient = (route: string) => preloads[route]!.some((file) => /\/query-client-[^/]+\.js$/.test(file))
    expect(queryClient('/browse')).toBe(true)
    expect(queryClient('/property/:id')).toBe(true)
    expect(queryClient('/')).toBe(false)
  }, 120_000)

  test('the listing pages rendered on the server take no zod or Radix dialog: a phone evaluates less before hydrating them', async () => {
    const { dir } = await currentClientBuild()
    const preloads = JSON.parse(fs.readFileSync(path.join(dir, 'preloads.json'), 'utf8')) as Record<string, string[]>
    // Each file's source map names the modules it was built from.
    const sources = (route: string) => preloads[route]!.flatMap((file) => JSON.parse(fs.readFileSync(path.join(dir, `${file}.map`), 'utf8')).sources as string[])
    for (const route of ['/browse', '/property/:id', '/operator/:username']) {
      expect(sources(route).length).toBeGreaterThan(0)
      expect(sources(route).filter((source) => /node_modules\/(zod|@radix-ui\/react-dialog)\//.test(source))).toEqual([])
    }
    // The pages that validate forms still do.
    expect(sources('/auth').some((source) => source.includes('node_modules/zod/'))).toBe(true)
  }, 120_000)
})
