/**
 * The CLI loads only what the command it runs needs: the command
 * table is plain commander definitions; each action imports its own code.
 */
import { describe, expect, test } from 'bun:test'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dir, '../..')

/**
 * Runs a command in a fresh Bun process (no args: renders the --help text
 * without exiting) and returns every module it loaded, relative to the project.
 */
async function modulesLoadedBy(args: string[]) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-cli-loading-'))
  const run = args.length ? `await cli.runCli(${JSON.stringify(args)})` : 'cli.buildProgram().helpInformation()'
  const script = `const cli = await import('./server/cli'); ${run}; console.error('MODULES' + JSON.stringify(Object.keys(require.cache)))`
  const proc = Bun.spawn([process.execPath, '-e', script], {
    cwd: root,
    // On SQLite whatever engine the run uses: what a command loads is measured on the default set-up.
    env: { ...process.env, DATA_DIR: dataDir, SEED_DEMO: 'false', SCHEDULER: 'false', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdout: 'ignore',
    stderr: 'pipe',
  })
  const stderr = await new Response(proc.stderr).text()
  await proc.exited
  fs.rmSync(dataDir, { recursive: true, force: true })
  const line = stderr.split('\n').find((l) => l.startsWith('MODULES'))
  if (!line) throw new Error(`no module list: ${stderr}`)
  return (JSON.parse(line.slice('MODULES'.length)) as string[]).map((m) => path.relative(root, m))
}

const HEAVY = ['sharp', 'stripe', 'nodemailer', 'ics', 'file-type', 'zipcodes', 'qrcode', 'bun-plugin-tailwind']
const packageOf = (m: string) => m.match(/node_modules\/((@[^/]+\/)?[^/]+)/)?.[1]

describe('what each command loads', () => {
  test('building the command table (--help) loads commander and the table, nothing else', async () => {
    const loaded = await modulesLoadedBy([])
    const unexpected = loaded.filter(
      (m) => !m.startsWith('server/cli/') && m !== 'server/db/enums.ts' && m !== 'package.json' && packageOf(m) !== 'commander',
    )
    expect(unexpected).toEqual([])
    expect(loaded.filter((m) => m.startsWith('server/cli/') && m.includes('.actions'))).toEqual([])
  })

  test('premium list loads its own service and the database layer, no heavy package and no other area', async () => {
    const loaded = await modulesLoadedBy(['premium', 'list'])
    expect(loaded).toContain('server/features/billing/list-premium.ts')
    expect(loaded.filter((m) => HEAVY.includes(packageOf(m) ?? ''))).toEqual([])
    expect(loaded.filter((m) => /server\/features\/(marketplace|messaging|documents|properties|referrals)\//.test(m))).toEqual([])
  })
})
