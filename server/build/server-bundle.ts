import fs from 'node:fs'
import path from 'node:path'
import { recordInputs, upToDate } from './cache'

const root = path.resolve(import.meta.dir, '../..')
/**
 * dist/server/main.js: server/main.ts and everything it imports in one file.
 * Bun writes each source file's `import.meta.dir` into the bundle as that
 * file's absolute folder, so the bundle reads the migrations, the ZIP data and
 * the demo photos from this checkout: it is only valid here, which the input
 * check below guarantees (in a moved checkout every recorded path is missing).
 */
export const serverOutDir = path.join(root, 'dist/server')

/**
 * The prebuilt server, when it was built from the current sources: `serve`
 * then loads one file instead of transpiling and linking ~300 modules (the
 * larger part of start-up time); after any edit it runs the sources.
 */
export function prebuiltServer(outDir = serverOutDir): string | null {
  const bundle = path.join(outDir, 'main.js')
  return fs.existsSync(bundle) && upToDate(outDir) ? bundle : null
}

export async function buildServer(outDir = serverOutDir) {
  const started = performance.now()
  fs.rmSync(outDir, { recursive: true, force: true })
  const result = await Bun.build({
    entrypoints: [path.join(root, 'server/main.ts')],
    outdir: outDir,
    target: 'bun',
    // CommonJS with bytecode: Bun loads precompiled code and skips parsing (~20 ms); ESM bytecode needs `compile`.
    format: 'cjs',
    bytecode: true,
    minify: { syntax: true, whitespace: true }, // keep names: readable stack traces
    sourcemap: 'linked',
    // sharp loads its native addon from node_modules; the others are big and only needed on first use.
    external: ['sharp'],
    metafile: true,
  })
  if (!result.success) {
    for (const message of result.logs) console.error(message)
    throw new Error('Server build failed')
  }
  recordInputs(outDir, { ...result.metafile?.inputs, [import.meta.path]: null })
  console.log(`Server built in ${Math.round(performance.now() - started)} ms`)
}

/** `npm start`: rebuilds the server bundle only when one of its sources changed, and says which it did. */
export async function buildServerIfChanged() {
  if (prebuiltServer()) return void console.log('Server unchanged since the last build: starting dist/server as it is.')
  console.log('Server sources changed since the last build (or no build yet): building ...')
  await buildServer()
}
