import { defineConfig } from '@playwright/test'
import os from 'node:os'
import path from 'node:path'

/**
 * Browser tests run against a real server on a fresh data folder without
 * the demo dataset (every test makes its own accounts and data: e2e/fixtures.ts),
 * in Debian's Chromium (never a downloaded browser).
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210)
const dataDir = path.join(os.tmpdir(), `homeward-e2e-${E2E_PORT}`)

export default defineConfig({
  testDir: './e2e',
  // Per-port output folder: concurrent runs must not clean each other's artifacts.
  outputDir: `./test-results/${E2E_PORT}`,
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // A retry shows whether a failure repeats, but a test that needed one still fails the run: flaky is failing.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: !!process.env.CI,
  // The one place for how long a test and a web-first assertion may wait. Both bound a failure, never a
  // passing test's time, so they are set for a loaded 2-core machine (npm run test:loaded, README "Tests").
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['./e2e/slowest-reporter.ts']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
      ],
    },
  },
  webServer: {
    // The install's own admin first, made with the CLI as on a real server: the last admin cannot
    // be deleted, so the admins the tests make (e2e/fixtures.ts) can be, after each test.
    command: `rm -rf ${dataDir} && node_modules/.bin/bun bin/homeward.ts admin create owner@e2e.test --password e2e-owner-password-1 && node_modules/.bin/bun bin/homeward.ts serve --port ${E2E_PORT}`,
    url: `http://localhost:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { RATE_LIMIT_SCALE: '100', DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn', SEED_DEMO: 'false', PORT: String(E2E_PORT) },
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
