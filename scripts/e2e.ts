/** npm run test:e2e: build the client and run only the browser tests (extra args go to Playwright). */
import { buildClient } from '../client/build'

await buildClient()
const result = Bun.spawnSync(['node', 'node_modules/@playwright/test/cli.js', 'test', ...process.argv.slice(2)], {
  stdio: ['inherit', 'inherit', 'inherit'],
})
process.exit(result.exitCode ?? 1)
