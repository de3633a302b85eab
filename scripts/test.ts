/**
 * npm test: the type check (tsc), the linter (Biome: correctness, hooks,
 * a11y, feature boundaries and import cycles), unit and API tests (bun test), then the
 * browser tests (Playwright on Debian's Chromium) against a freshly built client.
 */
import fs from 'node:fs'
import { buildClient } from '../client/build'

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!fs.existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium}: install it (Debian: sudo apt-get install -y chromium) or set CHROMIUM_PATH.`)
  process.exit(1)
}

const run = (cmd: string[]) => {
  console.log(`\n$ ${cmd.join(' ')}`)
  const result = Bun.spawnSync(cmd, { stdio: ['inherit', 'inherit', 'inherit'], env: process.env })
  return result.exitCode ?? 1
}

const bun = process.execPath
const types = run(['node', 'node_modules/typescript/bin/tsc', '--noEmit'])
const lint = run(['node', 'node_modules/@biomejs/biome/bin/biome', 'lint', '--error-on-warnings'])
const unit = run([bun, 'test', '--timeout', '30000', 'server', 'bin', 'client'])
await buildClient()
const browser = run(['node', 'node_modules/@playwright/test/cli.js', 'test'])
process.exit(types || lint || unit || browser)
