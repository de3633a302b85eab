import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** Text the browser downloads; images and woff2 fonts are compressed already, source maps only reach developer tools. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|wasm)$/i
/** Below this, headers outweigh what compression saves. */
const MIN_BYTES = 1024

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of a
 * built client, each at its best compression (brotli quality 11, gzip
 * level 9): paid once per build, never per request. A copy that would not be
 * smaller is not written, and the server then sends the file as it is.
 */
export async function compressAssets(dir: string) {
  const files = fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
  await Promise.all(
    files.map(async (file) => {
      const bytes = fs.readFileSync(file)
      if (bytes.length < MIN_BYTES) return
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ])
      if (br.length < bytes.length) fs.writeFileSync(`${file}.br`, br)
      if (gz.length < bytes.length) fs.writeFileSync(`${file}.gz`, gz)
    }),
  )
}
