import fs from 'node:fs'
import path from 'node:path'

/**
 * "Has anything this build read changed since?" for the client and the
 * prebuilt server. The bundler reports its inputs (metafile); we keep each
 * one's size and modification time, and one content hash of them all, beside
 * the output. Same sizes and times: unchanged (a few stat calls, what `serve`
 * pays at start). Otherwise the contents decide, so a touched but identical
 * file does not force a rebuild, and a missing or edited one always does.
 */
type Manifest = { hash: string; inputs: Record<string, [size: number, mtimeMs: number]> }

const manifestFile = (outDir: string) => path.join(outDir, '.build-inputs.json')

function contentHash(files: string[]): string | null {
  const hasher = new Bun.CryptoHasher('sha256')
  for (const file of files) {
    try {
      hasher.update(file)
      hasher.update(fs.readFileSync(file))
    } catch {
      return null // an input is gone
    }
  }
  return hasher.digest('hex')
}

function stats(file: string): [number, number] | null {
  try {
    const s = fs.statSync(file)
    return [s.size, s.mtimeMs]
  } catch {
    return null
  }
}

/** True when `outDir` holds a build whose inputs are all unchanged. */
export function upToDate(outDir: string): boolean {
  let manifest: Manifest
  try {
    manifest = JSON.parse(fs.readFileSync(manifestFile(outDir), 'utf8'))
  } catch {
    return false
  }
  const files = Object.keys(manifest.inputs)
  const sameStats = files.every((file) => {
    const now = stats(file)
    return now !== null && now[0] === manifest.inputs[file]![0] && now[1] === manifest.inputs[file]![1]
  })
  return sameStats || contentHash(files) === manifest.hash
}

/**
 * npm rewrites this file at every install: one input standing for every
 * dependency the bundler read, instead of hundreds of files to check.
 */
const installedPackages = path.resolve(import.meta.dir, '../../node_modules/.package-lock.json')
const isPackageFile = (file: string) => file.split(path.sep).includes('node_modules')

/** Records a finished build's inputs (`metafile.inputs` keys, relative to the working directory). */
export function recordInputs(outDir: string, metafileInputs: Record<string, unknown>) {
  const read = Object.keys(metafileInputs)
    .filter((p) => !p.startsWith('<') && !p.includes(':')) // virtual modules and builtins
    .map((p) => path.resolve(p))
  const own = read.filter((file) => !isPackageFile(file))
  const files = [...own, ...(own.length < read.length && fs.existsSync(installedPackages) ? [installedPackages] : [])].sort()
  const hash = contentHash(files)
  if (!hash) return
  const inputs = Object.fromEntries(files.flatMap((file) => (stats(file) ? [[file, stats(file)!]] : [])))
  fs.writeFileSync(manifestFile(outDir), JSON.stringify({ hash, inputs } satisfies Manifest))
}
