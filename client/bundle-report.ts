import fs from 'node:fs'
import path from 'node:path'
import type { BuildMetafile } from 'bun'

/** What the first page may cost: the entry's JavaScript, brotli-compressed (README, Performance). */
export const ENTRY_BROTLI_BUDGET = 100 * 1024

type Sized = { file: string; bytes: number; brotli: number }
type Files = { files: string[]; bytes: number; brotli: number }
export type BundleReport = {
  /** The entry chunk with the chunks it imports statically: the JavaScript before anything renders. */
  entry: Sized & { chunks: number }
  /** The stylesheets index.html links. */
  css: Sized[]
  /** What the entry chunk is made of: one line per package (node_modules) or app folder, largest first. */
  entryModules: { name: string; bytes: number }[]
  /** Per route of the route table: the files its page needs beyond the entry. */
  routes: ({ path: string } & Files)[]
  /** Route path → URLs of its page's files: the server names them in that page's HTML (modulepreload). */
  preloads: Record<string, string[]>
}

const withoutDot = (output: string) => output.replace(/^\.\//, '')

/**
 * The routes of client/src/app/router.tsx with the module each one lazy-loads:
 * every route object there states its `path` and then imports its page
 * (`page(() => import('...'))`), with no other `path` in between.
 */
export function routeModules(routerSource: string, routerDir: string) {
  return [...routerSource.matchAll(/path:\s*'([^']+)'((?:(?!path:)[\s\S])*?)import\('([^']+)'\)/g)].map(([, route, between, spec]) => ({
    path: route!,
    module: path.resolve(routerDir, spec!),
    /** `loader: loaders.<name>` (client/src/app/loaders.ts), when the route has one. */
    loader: between!.match(/loader:\s*loaders\.(\w+)/)?.[1] ?? null,
    /** `queryFreePage(...)`: the page renders without waiting for the query client (app/data-layer.ts). */
    queryFree: /queryFreePage\(\s*\(\)\s*=>\s*$/.test(between!),
  }))
}

/**
 * The modules each loader of client/src/app/loaders.ts imports when it runs
 * (`<name>: async (...) => { ... import('...') ... }`, one after another):
 * its page needs them as soon as the route matches, so they are preloaded with the page's files.
 */
export function loaderModules(loadersSource: string, loadersDir: string) {
  const found = new Map<string, string[]>()
  const body = loadersSource.slice(loadersSource.indexOf('export const loaders'))
  for (const [, name, code] of body.matchAll(/^ {2}(\w+): async[\s\S]*?\n((?:[\s\S](?!\n {2}\w+: async))*)/gm)) {
    found.set(name!, [...code!.matchAll(/import\('([^']+)'\)/g)].map(([, spec]) => path.resolve(loadersDir, spec!)))
  }
  return found
}

/**
 * Sizes and shape of a client build, read from Bun's metafile and the files
 * written (brotli sizes from the `.br` copies compressAssets wrote).
 */
export function bundleReport(metafile: BuildMetafile, outDir: string, routerSource: string): BundleReport {
  const outputs = metafile.outputs
  const sized = (output: string): Sized => {
    const file = withoutDot(output)
    const full = path.join(outDir, file)
    const bytes = fs.statSync(full).size
    return { file, bytes, brotli: fs.existsSync(`${full}.br`) ? fs.statSync(`${full}.br`).size : bytes }
  }
  const byName = new Map(Object.keys(outputs).map((name) => [path.posix.basename(name), name]))
  /** The chunks a chunk imports statically, recursively: what must arrive before it runs. */
  const staticImports = (name: string, found = new Set<string>()) => {
    for (const i of outputs[name]?.imports ?? []) {
      const dep = byName.get(path.posix.basename(i.path))
      if (i.kind !== 'import-statement' || !dep || found.has(dep)) continue
      found.add(dep)
      staticImports(dep, found)
    }
    return found
  }

  const entry = Object.keys(outputs).find((name) => name.endsWith('.js') && Object.keys(outputs[name]!.inputs).some((input) => input.endsWith('client/src/main.tsx')))
  if (!entry) throw new Error('bundle report: no chunk holds client/src/main.tsx')
  const shell = new Set([entry, ...staticImports(entry)])
  const shellSized = [...shell].map(sized)
  const filesOf = (chunk: string, skip: Set<string>): Files => {
    const files = [chunk, ...staticImports(chunk)].filter((name) => !skip.has(name) && name.endsWith('.js')).map(sized)
    return { files: files.map((f) => f.file), bytes: files.reduce((s, f) => s + f.bytes, 0), brotli: files.reduce((s, f) => s + f.brotli, 0) }
  }

  const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8')
  const css = [...html.matchAll(/href="\/([^"]+\.css)"/g)].map(([, file]) => sized(`./${file}`))

  const groups = new Map<string, number>()
  for (const [input, { bytesInOutput }] of Object.entries(outputs[entry]!.inputs)) {
    const pkg = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)
    const name = pkg ? pkg[1]! : path.dirname(input)
    groups.set(name, (groups.get(name) ?? 0) + bytesInOutput)
  }

  const chunkOf = new Map(
    Object.entries(outputs).flatMap(([name, o]) => (o.entryPoint && name.endsWith('.js') ? [[path.resolve(o.entryPoint).replace(/\.[cm]?[jt]sx?$/, ''), name] as const] : [])),
  )
  const appDir = path.join(import.meta.dir, 'src/app')
  const loaders = loaderModules(fs.readFileSync(path.join(appDir, 'loaders.ts'), 'utf8'), appDir)
  // The query client, loaded by the entry (app/data-layer.ts): a page that queries waits for it.
  const queryClientModule = path.join(appDir, 'query-client')
  if (!chunkOf.has(queryClientModule)) throw new Error('bundle report: no chunk for client/src/app/query-client.ts')
  const routes = routeModules(routerSource, appDir).map(({ path: route, module, loader, queryFree }) => {
    const chunk = chunkOf.get(module)
    if (!chunk) throw new Error(`bundle report: no chunk for ${route} (${module})`)
    const page = filesOf(chunk, shell)
    // The loader's query module and the query client are lazy modules of their own (chunks the page's files do not name).
    const modules = [...(loader ? (loaders.get(loader) ?? []) : []), ...(queryFree ? [] : [queryClientModule])]
    for (const loaded of modules) {
      const extra = chunkOf.get(loaded.replace(/\.[cm]?[jt]sx?$/, ''))
      if (!extra) continue
      const more = filesOf(extra, new Set([...shell, ...page.files.map((f) => `./${f}`)]))
      page.files.push(...more.files)
      page.bytes += more.bytes
      page.brotli += more.brotli
    }
    return { path: route, ...page }
  })

  return {
    entry: {
      file: withoutDot(entry),
      chunks: shell.size,
      bytes: shellSized.reduce((s, f) => s + f.bytes, 0),
      brotli: shellSized.reduce((s, f) => s + f.brotli, 0),
    },
    css,
    entryModules: [...groups].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes),
    routes,
    preloads: Object.fromEntries(routes.map((r) => [r.path, r.files.map((f) => `/${f}`)])),
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`

/** The report `npm run build` prints. */
export function formatReport(report: BundleReport, { modules = 12 } = {}) {
  const { entry } = report
  const over = entry.brotli > ENTRY_BROTLI_BUDGET ? `  OVER the ${kb(ENTRY_BROTLI_BUDGET)} budget` : ` (budget ${kb(ENTRY_BROTLI_BUDGET)})`
  const lines = [
    `Entry ${entry.file}${entry.chunks > 1 ? ` and the ${entry.chunks - 1} chunks it imports` : ''}: ${kb(entry.bytes)}, ${kb(entry.brotli)} brotli${over}`,
    ...report.css.map((c) => `CSS   ${c.file}: ${kb(c.bytes)}, ${kb(c.brotli)} brotli`),
    `Largest modules in the entry:`,
    ...report.entryModules.slice(0, modules).map((m) => `  ${kb(m.bytes).padStart(9)}  ${m.name}`),
    `Each route's page beyond the entry (files, size, brotli):`,
    ...report.routes.map((r) => `  ${r.path.padEnd(24)} ${String(r.files.length).padStart(3)} files ${kb(r.bytes).padStart(9)} ${kb(r.brotli).padStart(9)}`),
  ]
  return lines.join('\n')
}
