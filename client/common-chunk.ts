import fs from 'node:fs'
import path from 'node:path'
import type { BunPlugin } from 'bun'

/**
 * Fewer, larger chunks for the pages (README, Performance).
 *
 * Bun's code splitting puts each module in the chunk of the exact set of lazy
 * modules (pages, lazy widgets, the loaders' query modules) that reach it. The
 * shared UI, helpers, icons and schemas are each reached by a different set of
 * pages, so a page got 25 to 40 chunks of a few hundred bytes: over HTTP/1.1 at
 * a phone's round trip (six connections, 400 ms each) the requests cost more
 * than the bytes.
 *
 * This plugin adds, as Bun loads each lazily imported module of client/src, an
 * import of two generated modules (the sources are unchanged):
 * - `homeward:base`, into every lazy module: the shared UI (`components/ui`
 *   without Radix), the light helpers of `lib/` and every lucide icon the app uses;
 * - `homeward:shared`, into every lazy module but the light pages (home, for
 *   operators, how it works, not found, the referral form's frame, and the pages
 *   rendered on the server that a phone must hydrate quickly: `/browse`,
 *   `/property/:id`, `/operator/:username`): the rest of `lib/` and `components/ui`, the server's contract
 *   modules the client reads (zod schemas), the react-query hooks the entry lacks
 *   and every feature's index.ts (what features share with each other).
 * Each is then reached by one set of lazy modules and lands in one chunk (or in
 * the entry, for what the app shell uses itself). A page's own modules and what
 * only some pages use (charts, the map, the calendar) keep their own chunks.
 */
export function commonChunkPlugin(srcDir: string): BunPlugin {
  const sources = (dir: string) =>
    fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
      .map((e) => path.join(e.parentPath, e.name))
  const clientFiles = sources(srcDir)
  const serverDir = path.join(srcDir, '../../server')
  const tsx = new Bun.Transpiler({ loader: 'tsx' })
  const ts = new Bun.Transpiler({ loader: 'ts' })
  const importsOf = new Map(clientFiles.map((file) => [file, (file.endsWith('.tsx') ? tsx : ts).scanImports(fs.readFileSync(file, 'utf8'))]))

  const resolve = (from: string, spec: string) => {
    const base = spec.startsWith('@server/') ? path.join(serverDir, spec.slice('@server/'.length)) : path.resolve(path.dirname(from), spec)
    for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
      if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate
    }
    return null
  }

  // Value imports of packages, by name: what the generated modules import to keep them together.
  const named = (pkg: string, exclude: string[] = []) => {
    const names = new Set<string>()
    for (const file of clientFiles) {
      const text = fs.readFileSync(file, 'utf8')
      for (const [, list] of text.matchAll(new RegExp(`^import\\s*\\{([^}]*)\\}\\s*from\\s*'${pkg}'`, 'gm'))) {
        for (const name of list!.split(',')) {
          const imported = name.trim().split(/\s+as\s+/)[0]!
          // `type X` has no value to keep.
          if (/^\w+$/.test(imported) && !exclude.includes(imported)) names.add(imported)
        }
      }
    }
    return [...names]
  }
  const icons = named('lucide-react', ['LucideIcon'])
  const queryHooks = named('@tanstack/react-query', ['QueryClient', 'QueryClientProvider'])

  // The server's contract modules the client imports values from (scanImports drops type-only imports).
  const contracts = new Set<string>()
  for (const [file, imports] of importsOf) {
    for (const i of imports) if (i.kind === 'import-statement' && i.path.startsWith('@server/')) contracts.add(resolve(file, i.path)!)
  }
  contracts.delete(null as unknown as string)

  // The modules client/src imports with import('./relative'): pages, lazy components, the loaders' query modules.
  const lazyModules = new Set<string>()
  for (const [file, imports] of importsOf) {
    for (const i of imports) {
      if (i.kind !== 'dynamic-import' || !i.path.startsWith('.')) continue
      const target = resolve(file, i.path)
      if (target) lazyModules.add(target)
    }
  }
  // A lazy module the entry also imports statically (a query module an index re-exports) is in the
  // entry chunk: the imports added to it would pull everything into the entry. Left out.
  const inEntry = new Set<string>()
  const walk = (file: string) => {
    if (inEntry.has(file)) return
    inEntry.add(file)
    for (const i of importsOf.get(file) ?? []) {
      if (i.kind !== 'import-statement' || !i.path.startsWith('.')) continue
      const target = resolve(file, i.path)
      if (target) walk(target)
    }
  }
  walk(path.join(srcDir, 'main.tsx'))
  for (const file of inEntry) lazyModules.delete(file)
  // The server's modules the client imports (contract and constants modules) are read when first asked about.
  const importsOfAny = (file: string) => {
    if (!importsOf.has(file) && fs.existsSync(file)) importsOf.set(file, ts.scanImports(fs.readFileSync(file, 'utf8')))
    return importsOf.get(file) ?? []
  }
  // `import { QueryClientContext } from '@tanstack/react-query'` alone (asking whether the app's query client is there
  // yet) reads a context the entry already holds: it does not bring react-query's code.
  const contextOnly = (file: string, pkg: string) => {
    if (pkg !== '@tanstack/react-query') return false
    const lists = [...fs.readFileSync(file, 'utf8').matchAll(/^import\s*\{([^}]*)\}\s*from\s*'@tanstack\/react-query'/gm)].map(([, list]) => list!)
    const names = lists.flatMap((list) => list.split(',').map((n) => n.trim()).filter((n) => n && !n.startsWith('type ')))
    return lists.length > 0 && names.every((n) => n === 'QueryClientContext')
  }
  /** Whether a client module or one it imports (its own files and the server modules it imports) uses one of these packages. */
  const uses = (packages: RegExp) => {
    const memo = new Map<string, boolean>()
    // The entry's modules are there before any lazy module loads: what they import costs a page nothing more.
    const check = (file: string): boolean => {
      if (inEntry.has(file)) return false
      if (memo.has(file)) return memo.get(file)!
      memo.set(file, false)
      const result = importsOfAny(file).some(
        (i) =>
          i.kind === 'import-statement' &&
          ((packages.test(i.path) && !contextOnly(file, i.path)) ||
            ((i.path.startsWith('.') || i.path.startsWith('@server/')) && check(resolve(file, i.path) ?? ''))),
      )
      memo.set(file, result)
      return result
    }
    return check
  }
  // Heavy: it uses a package the light pages do without; a server module counts by what it imports
  // (a *.constants.ts module is light, a *.schemas.ts one brings zod).
  const heavy = uses(/^(zod|date-fns|sonner|react-hook-form|@hookform\/|@radix-ui\/)/)
  // react-query: the home page renders before it has loaded (app/data-layer.ts).
  const queries = uses(/^@tanstack\/react-query/)
  // Used by one or two pages only (the admin tables): left to their own chunks, in neither generated module.
  const pageOnly = uses(/^@tanstack\/react-table/)
  // lib/sonner.ts is sonner itself, loaded after the page (lib/toast.ts): not part of the pages' chunks.
  const shared = [...sources(path.join(srcDir, 'components/ui')), ...sources(path.join(srcDir, 'lib')), path.join(srcDir, 'components/lazy-component.tsx')].filter(
    (file) => !file.endsWith('lib/sonner.ts') && !pageOnly(file),
  )
  // The server's constants (labels, lists) are light but only the listing and form pages read them, not the home page.
  const readsServer = uses(/^@server\//)
  const base = shared.filter((file) => !heavy(file) && !queries(file) && !readsServer(file))
  const queryClient = path.join(srcDir, 'app/query-client.ts')
  // The loaders' query modules (features/<area>/api/, imported lazily by client/src/app/loaders.ts and
  // statically by their pages): with react-query when they need no heavy package, so each is not a chunk of its own.
  const isApi = (file: string) => file.includes(`${path.sep}api${path.sep}`)
  const loaderQueries = [...lazyModules].filter((file) => isApi(file) && !heavy(file))
  const data = [queryClient, ...shared.filter((file) => !heavy(file) && queries(file)), ...loaderQueries]
  const indexes = fs
    .readdirSync(path.join(srcDir, 'features'))
    .map((area) => path.join(srcDir, 'features', area, 'index.ts'))
    .filter((file) => fs.existsSync(file))
  const rest = [...shared.filter((file) => heavy(file) || (readsServer(file) && !queries(file))), ...contracts, ...indexes]

  // Light pages (text, buttons, icons) skip the shared module: zod and Radix would only delay them.
  // The help page is not one: it reads the contract modules (zod) itself, and as a light page it split zod
  // from the shared chunk, one more file for every other page.
  // The app shell's own lazy modules (the query client, the footer's contact lines) and the account's cache observer are light too:
  // they load on the home page, beside or after its first render.
  const light = [
    'app/',
    // sonner, loaded after the window's load event on every page (lib/toast.ts): without the shared module, or it would bring zod and Radix along.
    'lib/sonner',
    'features/auth/me-observer',
    'features/home/',
    'features/not-found/',
    'features/info/pages/ForOperatorsPage',
    'features/info/pages/HowItWorksPage',
    'features/referrals/pages/SubmitReferralPage',
    'features/properties/pages/BrowsePage',
    'features/properties/pages/PropertyPage',
    // Rendered on the server: the shared chunk (zod, the dialogs, 170 KB) was most of what a phone evaluated before hydrating it.
    'features/operators/pages/OperatorProfilePage',
  ].map((dir) => path.join(srcDir, dir))

  const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const filter = new RegExp(`^(${[...lazyModules].map(literal).join('|')})$`)
  const keep = (names: string[]) => `;(globalThis as { homewardKeep?: unknown }).homewardKeep = [${names.join(', ')}]`

  return {
    name: 'homeward-common-chunk',
    setup(build) {
      build.onResolve({ filter: /^homeward:(base|data|shared)$/ }, (args) => ({ path: args.path.slice('homeward:'.length), namespace: 'homeward' }))
      // Our files are kept by a bare import (Bun assumes they have side effects); the packages'
      // exports, from packages without side effects, are kept by being used.
      build.onLoad({ filter: /^base$/, namespace: 'homeward' }, () => ({
        contents: [...base.map((file) => `import ${JSON.stringify(file)}`), `import { ${icons.join(', ')} } from 'lucide-react'`, keep(icons)].join('\n'),
        loader: 'ts',
      }))
      build.onLoad({ filter: /^data$/, namespace: 'homeward' }, () => ({
        contents: [
          ...data.map((file) => `import ${JSON.stringify(file)}`),
          `import { ${queryHooks.join(', ')} } from '@tanstack/react-query'`,
          keep(queryHooks),
        ].join('\n'),
        loader: 'ts',
      }))
      build.onLoad({ filter: /^shared$/, namespace: 'homeward' }, () => ({
        contents: ["import 'homeward:data'", ...rest.map((file) => `import ${JSON.stringify(file)}`)].join('\n'),
        loader: 'ts',
      }))
      build.onLoad({ filter }, async (args) => {
        // A loader's query module is also imported by its page: the shared module added to it would
        // reach every page that imports it, light ones included. It is part of the data module (above).
        const added = loaderQueries.includes(args.path)
          ? ['data']
          : light.some((dir) => args.path.startsWith(dir))
            ? ['base', ...(queries(args.path) ? ['data'] : [])]
            : ['base', 'shared']
        return {
          contents: `${added.map((name) => `import 'homeward:${name}'\n`).join('')}${await Bun.file(args.path).text()}`,
          loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts',
        }
      })
    },
  }
}
