import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { BUNDLE_REPORT_FILE, buildClient } from '../../client/build'
import type { BundleReport } from '../../client/bundle-report'
import { upToDate } from './cache'
import { clientOutDir } from './client-dir'
import { buildServer, prebuiltServer, serverOutDir } from './server-bundle'

/**
 * Builds of the current sources for the build's tests (client-build.test.ts,
 * image-files.test.ts), shared by the tests of a file; each file removes what
 * was made for it in its afterAll (removeTestBuilds): bun test does not fire
 * the process's exit event.
 */
const root = path.resolve(import.meta.dir, '../..')
const made: string[] = []

export function removeTestBuilds() {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
  client = null
  server = null
}

let client: Promise<{ dir: string; report: BundleReport }> | null = null

/**
 * The client: CLIENT_DIST's build (or dist/client) when it is up to date (npm
 * test builds it before the unit tests, for them and the browser tests), else
 * one made now in a temporary folder.
 */
export function currentClientBuild() {
  client ??= (async () => {
    const reportFile = path.join(clientOutDir, BUNDLE_REPORT_FILE)
    if (upToDate(clientOutDir) && fs.existsSync(reportFile)) {
      return { dir: clientOutDir, report: JSON.parse(fs.readFileSync(reportFile, 'utf8')) as BundleReport }
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-client-'))
    made.push(dir)
    return { dir, report: await buildClient({ quiet: true, outDir: dir }) }
  })()
  return client
}

let server: Promise<string> | null = null

/**
 * The prebuilt server: dist/server when it is up to date, else one built now
 * in dist/ beside it (dist/server-test-<pid>). The bundle finds the migrations
 * and the ZIP data relative to its own folder, so it must be built at the same
 * depth as dist/server to be copied, as the image's build stage does.
 */
export function currentServerBuild() {
  server ??= (async () => {
    if (prebuiltServer()) return serverOutDir
    const dir = path.join(root, 'dist', `server-test-${process.pid}`)
    made.push(dir)
    await buildServer(dir)
    return dir
  })()
  return server
}
