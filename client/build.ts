import tailwind from 'bun-plugin-tailwind'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dir, '..')
/** CLIENT_DIST lets parallel test runs build into their own folder. */
export const clientOutDir = process.env.CLIENT_DIST ? path.resolve(process.env.CLIENT_DIST) : path.join(root, 'dist/client')

/**
 * Builds the browser app into dist/client with Bun's bundler (HTML entry,
 * Tailwind through its Bun plugin) and copies client/public beside it.
 */
export async function buildClient({ quiet = false } = {}) {
  const started = performance.now()
  fs.rmSync(clientOutDir, { recursive: true, force: true })
  const result = await Bun.build({
    entrypoints: [path.join(root, 'client/index.html')],
    outdir: clientOutDir,
    plugins: [tailwind],
    minify: true,
    sourcemap: 'linked',
    target: 'browser',
    // Lazy routes and widgets (the /browse map, the admin and analytics charts) load as their own chunks.
    splitting: true,
    publicPath: '/',
    naming: { entry: '[name].[ext]', chunk: 'assets/[name]-[hash].[ext]', asset: 'assets/[name]-[hash].[ext]' },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  })
  if (!result.success) {
    for (const message of result.logs) console.error(message)
    throw new Error('Client build failed')
  }
  fs.cpSync(path.join(root, 'client/public'), clientOutDir, { recursive: true })
  if (!quiet) console.log(`Client built in ${Math.round(performance.now() - started)} ms`)
}

if (import.meta.main) await buildClient()
