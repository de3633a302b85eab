import fs from 'node:fs'
import path from 'node:path'
import type { BunPlugin } from 'bun'
import { env } from '../env'
import { recordInputs, upToDate } from './cache'

const root = path.resolve(import.meta.dir, '../..')
/** dist/server/main.js: server/main.ts and everything it imports in one file. */
export const serverOutDir = path.join(root, 'dist/server')

/**
 * The prebuilt server, when it was built from the current sources: `serve`
 * then loads one file instead of transpiling and linking ~300 modules (the
 * larger part of start-up time); after any edit it runs the sources.
 * PREBUILT_SERVER=1 (the Docker image) takes the bundle as it is: the image
 * was built from the sources of its build stage and carries the built client
 * without the client's sources, which the check would read.
 */
export function prebuiltServer(outDir = serverOutDir): string | null {
  const bundle = path.join(outDir, 'main.js')
  if (!fs.existsSync(bundle)) return null
  return env.PREBUILT_SERVER || upToDate(outDir) ? bundle : null
}

/**
 * Bun writes a source file's `import.meta.dir` into the bundle as that file's
 * absolute folder at build time. The server reads files beside its sources
 * (the migrations, the ZIP data, the demo photos), so each `import.meta.dir`
 * becomes that folder's path relative to the bundle's own: a tree copied
 * elsewhere with the bundle in the same place (the Docker image's runtime
 * stage, a release folder) reads its own files, not the build machine's.
 */
function relocatableDirs(outDir: string): BunPlugin {
  const sources = fs
    .readdirSync(path.join(root, 'server'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.ts$/.test(e.name) && !e.name.endsWith('.test.ts'))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((file) => fs.readFileSync(file, 'utf8').includes('import.meta.dir'))
  const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return {
    name: 'relocatable-dirs',
    setup(build) {
      if (sources.length === 0) return
      build.onLoad({ filter: new RegExp(`^(${sources.map(literal).join('|')})$`) }, async (args) => {
        const relative = path.relative(outDir, path.dirname(args.path)).split(path.sep).join('/')
        // homewardBundleDir: the bundle's own folder, set by the banner (a source's `__dirname` is rewritten like `import.meta.dir`).
        const dir = `require('node:path').join(homewardBundleDir, ${JSON.stringify(relative)})`
        return { contents: (await Bun.file(args.path).text()).replaceAll('import.meta.dir', dir), loader: 'ts' }
      })
    },
  }
}

/**
 * The renderer of the public pages (server/ssr: React's server renderer and
 * the pages' code) is a bundle of its own, ssr.js beside main.js, which the
 * server loads with the first page it renders: main.js, what every start
 * loads, goes without it (ADR 027, bench:startup).
 */
const SSR_ENTRY = path.join(root, 'server/ssr/index.ts')
const ssrApart: BunPlugin = {
  name: 'ssr-apart',
  setup(build) {
    build.onResolve({ filter: /^\.\/ssr$/ }, (args) => (args.importer.endsWith(`${path.sep}static.ts`) ? { path: './ssr.js', external: true } : undefined))
  },
}

export async function buildServer(outDir = serverOutDir) {
  const started = performance.now()
  fs.rmSync(outDir, { recursive: true, force: true })
  const result = await bundle(path.join(root, 'server/main.ts'), outDir, [relocatableDirs(outDir), ssrApart])
  const ssr = result.success ? await bundle(SSR_ENTRY, outDir, [relocatableDirs(outDir)], 'ssr.js') : result
  for (const failed of [result, ssr]) {
    if (failed.success) continue
    for (const message of failed.logs) console.error(message)
    throw new Error('Server build failed')
  }
  recordInputs(outDir, { ...result.metafile?.inputs, ...ssr.metafile?.inputs, [import.meta.path]: null })
  console.log(`Server built in ${Math.round(performance.now() - started)} ms`)
}

function bundle(entry: string, outDir: string, plugins: BunPlugin[], naming = '[name].[ext]') {
  return Bun.build({
    entrypoints: [entry],
    outdir: outDir,
    naming,
    target: 'bun',
    // CommonJS with bytecode: Bun loads precompiled code and skips parsing (~20 ms); ESM bytecode needs `compile`.
    format: 'cjs',
    bytecode: true,
    minify: { syntax: true, whitespace: true }, // keep names: readable stack traces
    sourcemap: 'linked',
    // sharp loads its native addon from node_modules; the others are big and only needed on first use.
    external: ['sharp'],
    plugins,
    banner: 'var homewardBundleDir = __dirname;',
    metafile: true,
  })
}

/** `npm start`: rebuilds the server bundle only when one of its sources changed, and says which it did. */
export async function buildServerIfChanged() {
  if (prebuiltServer()) return void console.log('Server unchanged since the last build: starting dist/server as it is.')
  console.log('Server sources changed since the last build (or no build yet): building ...')
  await buildServer()
}
