import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { currentClientBuild, currentServerBuild, removeTestBuilds } from './test-builds'
import { eventually } from '../test/eventually'

/**
 * The Docker image's file list, without Docker (no test machine runs a
 * daemon): the runtime stage's COPY lines are read from the Dockerfile and
 * exactly those paths are copied into a temporary folder, standing for the
 * image's /app, with the stage's ENV; then serve, migrate and CLI commands run
 * there. A file the runtime needs and the Dockerfile forgets makes them fail;
 * the image's sources stand for themselves, since nothing in the folder points
 * back to this checkout (the server bundle reads its files relative to itself,
 * node_modules holds only the production dependencies).
 *
 * Where each stage's files come from here: `build` is this checkout after
 * `scripts/build.ts` (its files as `COPY . .` takes them, .dockerignore
 * applied; dist/client and dist/server built from the current sources), `deps`
 * is the production install (package.json's dependencies and what they depend on).
 */
const root = path.resolve(import.meta.dir, '../..')
const WORKDIR = '/app'

type Instruction = { op: string; args: string }
type Stage = { name: string; instructions: Instruction[] }

/** The stages of a Dockerfile: instructions with their continuation lines joined, comments dropped. */
export function dockerStages(text: string): Stage[] {
  const lines = text.replace(/\\\r?\n/g, ' ').split(/\r?\n/)
  const stages: Stage[] = []
  for (const line of lines.map((l) => l.trim())) {
    if (!line || line.startsWith('#')) continue
    const [, op, args] = line.match(/^(\w+)\s+([\s\S]*)$/) ?? []
    if (!op) throw new Error(`Dockerfile: cannot read "${line}"`)
    if (op.toUpperCase() === 'FROM') {
      stages.push({ name: args!.match(/\sAS\s+(\S+)/i)?.[1] ?? String(stages.length), instructions: [] })
    } else {
      stages.at(-1)?.instructions.push({ op: op.toUpperCase(), args: args!.trim() })
    }
  }
  return stages
}

type Copy = { from: string; source: string; dest: string }

/** A stage's COPY lines (`COPY --from=<stage> <source> <dest>`), paths made absolute against its WORKDIR. */
export function copiesOf(stage: Stage): Copy[] {
  const workdir = stage.instructions.findLast((i) => i.op === 'WORKDIR')?.args ?? '/'
  return stage.instructions
    .filter((i) => i.op === 'COPY')
    .map(({ args }) => {
      const words = args.split(/\s+/)
      const from = words.find((w) => w.startsWith('--from='))?.slice('--from='.length)
      const paths = words.filter((w) => !w.startsWith('--'))
      if (!from) throw new Error(`COPY ${args}: the runtime stage copies from the build stages only`)
      if (paths.length !== 2) throw new Error(`COPY ${args}: one source and one destination expected`)
      return { from, source: path.posix.resolve(workdir, paths[0]!), dest: path.posix.resolve(workdir, paths[1]!) }
    })
}

/** `ENV A=1 B=2` lines of a stage. */
export function envOf(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {}
  for (const { args } of stage.instructions.filter((i) => i.op === 'ENV')) {
    for (const pair of args.split(/\s+/)) {
      const [key, value] = pair.split('=')
      if (!key || value === undefined) throw new Error(`ENV ${args}: KEY=value pairs expected`)
      env[key] = value
    }
  }
  return env
}

/** .dockerignore: whether a path of the build context is left out (a pattern matches it or a folder above it). */
function dockerIgnored(patterns: string[]) {
  const globs = patterns.map((p) => {
    if (p.startsWith('!')) throw new Error('.dockerignore: exceptions (!) are not read by this test')
    return new Bun.Glob(p.replace(/^\/+|\/+$/g, ''))
  })
  return (relative: string) => {
    const parts = relative.split('/')
    return parts.some((_, i) => globs.some((g) => g.match(parts.slice(0, i + 1).join('/'))))
  }
}

/** Copies a file or folder of the checkout as `COPY . .` would have put it in the build stage. */
function copyFromContext(relative: string, to: string, ignored: (relative: string) => boolean) {
  const from = path.join(root, relative)
  if (!fs.existsSync(from) || ignored(relative)) throw new Error(`${relative} is not in the build context`)
  fs.cpSync(from, to, {
    recursive: true,
    filter: (file) => {
      const inContext = path.relative(root, file).split(path.sep).join('/')
      return !ignored(inContext)
    },
  })
}

/** node_modules with the production dependencies only: package.json's `dependencies` and, recursively, theirs. */
function productionModules(to: string) {
  const modules = path.join(root, 'node_modules')
  const wanted = new Set<string>()
  const visit = (name: string) => {
    if (wanted.has(name)) return
    const manifest = path.join(modules, name, 'package.json')
    // Not hoisted: npm put it inside its dependent's own node_modules, which comes with that package.
    if (!fs.existsSync(manifest)) return
    wanted.add(name)
    const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8'))
    for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies, ...pkg.peerDependencies })) visit(dep)
  }
  const app = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'))
  for (const dep of Object.keys(app.dependencies)) visit(dep)
  for (const name of wanted) {
    fs.mkdirSync(path.dirname(path.join(to, name)), { recursive: true })
    fs.symlinkSync(path.join(modules, name), path.join(to, name))
  }
  return wanted
}

const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8')
const stages = dockerStages(dockerfile)
const runtime = stages.at(-1)!
const image = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-image-'))
const inImage = (absolute: string) => path.join(image, path.posix.relative(WORKDIR, absolute))
const port = 3300 + Math.floor(Math.random() * 50)
let env: Record<string, string> = {}
let production = new Set<string>()

beforeAll(async () => {
  const [client, server] = await Promise.all([currentClientBuild(), currentServerBuild()])
  const ignored = dockerIgnored(
    fs
      .readFileSync(path.join(root, '.dockerignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#')),
  )
  // What each build stage's files are here.
  const built: Record<string, Record<string, string>> = {
    build: { '/app/dist/client': client.dir, '/app/dist/server': server },
  }
  for (const copy of copiesOf(runtime)) {
    const to = inImage(copy.dest)
    fs.mkdirSync(path.dirname(to), { recursive: true })
    if (copy.from === 'deps' && copy.source === '/app/node_modules') {
      production = productionModules(to)
    } else if (copy.from === 'build' && built.build![copy.source]) {
      fs.cpSync(built.build![copy.source]!, to, { recursive: true })
    } else if (copy.from === 'build' && copy.source.startsWith(`${WORKDIR}/`)) {
      copyFromContext(path.posix.relative(WORKDIR, copy.source), to, ignored)
    } else {
      throw new Error(`COPY --from=${copy.from} ${copy.source}: this test does not know what that stage holds there`)
    }
  }
  // The image's environment; its paths under /app are the folder's; SQLite (no DATABASE_URL), as the image defaults to.
  const imageEnv = Object.fromEntries(Object.entries(envOf(runtime)).map(([k, v]) => [k, v.startsWith(WORKDIR) ? inImage(v) : v]))
  env = { PATH: process.env.PATH ?? '', HOME: image, TMPDIR: os.tmpdir(), ...imageEnv, PORT: String(port), LOG_LEVEL: 'warn' }
}, 180_000)

afterAll(() => {
  fs.rmSync(image, { recursive: true, force: true })
  removeTestBuilds()
})

/** `bun bin/homeward.ts ...` in the folder, as `docker exec <container> bun bin/homeward.ts ...` would run it. */
function cli(...args: string[]) {
  const result = Bun.spawnSync([process.execPath, 'bin/homeward.ts', ...args], { cwd: image, env, stdout: 'pipe', stderr: 'pipe' })
  return { code: result.exitCode, out: result.stdout.toString(), err: result.stderr.toString() }
}

describe("the Docker image's runtime stage", () => {
  test('copies the built client, the server, the migrations, bin and production dependencies, and nothing else', () => {
    const copied = copiesOf(runtime).map((c) => path.posix.relative(WORKDIR, c.dest))
    expect(copied.sort()).toEqual(['bin', 'dist/client', 'dist/server', 'migrations', 'node_modules', 'package.json', 'server'])
    // No sources of the client: the server runs from its bundle (PREBUILT_SERVER), which carries what it reads of them.
    expect(fs.existsSync(path.join(image, 'client'))).toBe(false)
    expect(env.PREBUILT_SERVER).toBe('1')
    // The build's compressed copies travel with it.
    const assets = fs.readdirSync(path.join(image, 'dist/client/assets'))
    const scripts = assets.filter((f) => f.endsWith('.js'))
    expect(scripts.length).toBeGreaterThan(5)
    expect(scripts.filter((f) => fs.statSync(path.join(image, 'dist/client/assets', f)).size >= 1024).every((f) => assets.includes(`${f}.br`) && assets.includes(`${f}.gz`))).toBe(true)
    // Tests stay out (.dockerignore); the data the server reads is there.
    expect(fs.existsSync(path.join(image, 'server/test'))).toBe(false)
    expect(fs.readdirSync(path.join(image, 'server/build')).some((f) => f.endsWith('.test.ts'))).toBe(false)
    expect(fs.existsSync(path.join(image, 'server/features/geo/data/us-zips.tsv'))).toBe(true)
    // Development packages are not installed.
    expect(production.has('hono')).toBe(true)
    for (const dev of ['@playwright/test', 'typescript', 'drizzle-kit', '@biomejs/biome']) expect(production.has(dev)).toBe(false)
  })

  test('migrate, then the CLI: an admin created is listed', () => {
    const migrate = cli('migrate')
    expect(migrate.err).toBe('')
    expect(migrate.code).toBe(0)
    expect(migrate.out).toContain('Database is up to date.')
    expect(fs.existsSync(path.join(env.DATA_DIR!, 'homeward.db'))).toBe(true)

    const create = cli('admin', 'create', 'image-admin@example.com', '--password', 'image-test-password-1')
    expect(create.code).toBe(0)
    const users = cli('users', 'list')
    expect(users.code).toBe(0)
    expect(users.out).toContain('image-admin@example.com')
  }, 60_000)

  test("serve (the image's CMD): health, pages, the ZIP data, and assets sent brotli to a browser that accepts it", async () => {
    const cmd = JSON.parse(runtime.instructions.findLast((i) => i.op === 'CMD')!.args) as string[]
    expect(cmd.slice(0, 2)).toEqual(['bun', 'bin/homeward.ts'])
    const server = Bun.spawn([process.execPath, ...cmd.slice(1)], { cwd: image, env, stdout: 'pipe', stderr: 'pipe' })
    const base = `http://127.0.0.1:${port}`
    try {
      const health = await eventually('the server to answer its health check', async () => {
        const res = await fetch(`${base}/api/health`).catch(() => null)
        return res?.ok ? res : null
      })
      expect(health.status).toBe(200)

      const zip = await fetch(`${base}/api/geo/zip/10001`)
      expect(await zip.json()).toMatchObject({ city: 'New York', state: 'NY' })

      const page = await fetch(`${base}/browse`, { headers: { 'Accept-Encoding': 'br' }, decompress: false })
      expect(page.status).toBe(200)
      expect(page.headers.get('content-encoding')).toBe('br')
      const html = zlib.brotliDecompressSync(Buffer.from(await page.arrayBuffer())).toString()
      const entry = html.match(/<script[^>]+src="(\/assets\/index-[^"]+\.js)"/)?.[1]
      expect(entry).toBeTruthy()

      const plain = fs.readFileSync(path.join(image, 'dist/client', entry!))
      const br = await fetch(`${base}${entry}`, { headers: { 'Accept-Encoding': 'gzip, deflate, br' }, decompress: false })
      expect(br.headers.get('content-encoding')).toBe('br')
      expect(br.headers.get('vary')).toBe('Accept-Encoding')
      const body = Buffer.from(await br.arrayBuffer())
      expect(Number(br.headers.get('content-length'))).toBe(body.length)
      expect(body.length).toBeLessThan(plain.length / 2)
      expect(zlib.brotliDecompressSync(body).equals(plain)).toBe(true)

      const identity = await fetch(`${base}${entry}`, { headers: { 'Accept-Encoding': 'identity' }, decompress: false })
      expect(identity.headers.get('content-encoding')).toBeNull()
      expect(Buffer.from(await identity.arrayBuffer()).equals(plain)).toBe(true)
    } finally {
      server.kill()
      await server.exited
    }
    const errors = await new Response(server.stderr).text()
    expect(errors).not.toMatch(/error/i)
  }, 90_000)
})

describe('reading the Dockerfile', () => {
  test('stages, continuation lines, COPY sources and destinations, ENV pairs', () => {
    const parsed = dockerStages(
      ['FROM a AS build', 'WORKDIR /app', 'RUN x \\', '  y', '# note', 'FROM b AS runtime', 'WORKDIR /app', 'ENV A=1 B=/app/data', 'COPY --from=build /app/dist/client ./dist/client'].join('\n'),
    )
    expect(parsed.map((s) => s.name)).toEqual(['build', 'runtime'])
    expect(parsed[0]!.instructions[1]).toEqual({ op: 'RUN', args: 'x    y' })
    expect(copiesOf(parsed[1]!)).toEqual([{ from: 'build', source: '/app/dist/client', dest: '/app/dist/client' }])
    expect(envOf(parsed[1]!)).toEqual({ A: '1', B: '/app/data' })
    expect(() => copiesOf(dockerStages('FROM a\nWORKDIR /app\nCOPY . .')[0]!)).toThrow('copies from the build stages only')
  })
})
