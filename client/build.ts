import fs from 'node:fs'
import path from 'node:path'
import { recordInputs, upToDate } from '../server/build/cache'
import { clientOutDir } from '../server/build/client-dir'
import { bundleReport, type BundleReport } from './bundle-report'
import { commonChunkPlugin } from './common-chunk'
import { compressAssets } from './compress-assets'
import { i18nPlugin } from './i18n-plugin'

const root = path.resolve(import.meta.dir, '..')
export { clientOutDir }
/** The bundle report of a build, beside its files. */
export const BUNDLE_REPORT_FILE = 'bundle-report.json'

/**
 * Builds the browser app into dist/client with Bun's bundler (HTML entry,
 * Tailwind through its Bun plugin), copies client/public beside it, writes a
 * brotli and a gzip copy of every text asset (the server picks one by
 * Accept-Encoding: server/static.ts) and `preloads.json`, the files each route's
 * page needs (the server names them in the page's HTML, so they download with the entry).
 * Returns the bundle report (sizes of the entry and of each route's page).
 */
export async function buildClient({ quiet = false, outDir = clientOutDir } = {}): Promise<BundleReport> {
  const started = performance.now()
  fs.rmSync(outDir, { recursive: true, force: true })
  // Loaded here, not at the top: importing this file (the tests, scripts) builds nothing.
  const { default: tailwind } = await import('bun-plugin-tailwind')
  const result = await Bun.build({
    // Imports like '@server/features/...' (tsconfig.json `paths`) resolve here as in tsc,
    // bun test and Playwright: Bun reads the paths of the nearest tsconfig.json itself.
    entrypoints: [path.join(root, 'client/index.html')],
    outdir: outDir,
    // commonChunkPlugin: the shared UI and helpers in one chunk instead of dozens (common-chunk.ts).
    plugins: [tailwind, i18nPlugin, commonChunkPlugin(path.join(root, 'client/src'))],
    minify: true,
    sourcemap: 'linked',
    target: 'browser',
    // Lazy routes and widgets (the /browse map, the admin and analytics charts) load as their own chunks.
    splitting: true,
    publicPath: '/',
    naming: { entry: '[name].[ext]', chunk: 'assets/[name]-[hash].[ext]', asset: 'assets/[name]-[hash].[ext]' },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    metafile: true,
  })
  if (!result.success) {
    for (const message of result.logs) console.error(message)
    throw new Error('Client build failed')
  }
  fs.cpSync(path.join(root, 'client/public'), outDir, { recursive: true })
  await compressAssets(outDir)
  const report = bundleReport(result.metafile!, outDir, fs.readFileSync(path.join(root, 'client/src/app/router.tsx'), 'utf8'))
  fs.writeFileSync(path.join(outDir, 'preloads.json'), JSON.stringify(report.preloads))
  // For the build's tests (server/build/client-build.test.ts), which may check a build made earlier in the same run.
  fs.writeFileSync(path.join(outDir, BUNDLE_REPORT_FILE), JSON.stringify(report))
  const copied = fs.readdirSync(path.join(root, 'client/public'), { recursive: true, withFileTypes: true })
  const extraInputs = [import.meta.path, path.join(import.meta.dir, 'bundle-report.ts'), path.join(import.meta.dir, 'compress-assets.ts'), path.join(import.meta.dir, 'common-chunk.ts'), path.join(import.meta.dir, 'i18n-plugin.ts'), ...copied.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name))]
  recordInputs(outDir, { ...result.metafile?.inputs, ...Object.fromEntries(extraInputs.map((f) => [f, null])) })
  if (!quiet) console.log(`Client built in ${Math.round(performance.now() - started)} ms`)
  return report
}

/** `npm start`: builds the client only when one of its sources changed since the last build, and says which it did; the report of a new build. */
export async function buildClientIfChanged(): Promise<BundleReport | null> {
  if (upToDate(clientOutDir)) {
    console.log('Client unchanged since the last build: serving dist/client as it is.')
    return null
  }
  console.log('Client sources changed since the last build (or no build yet): building ...')
  return buildClient()
}

