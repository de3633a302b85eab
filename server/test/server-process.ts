import path from 'node:path'
import type { Subprocess } from 'bun'

const root = path.resolve(import.meta.dir, '../..')

export type ServerProcess = {
  /** http://127.0.0.1:<port> */
  url: string
  port: number
  process: Subprocess<'ignore', 'pipe', 'pipe'>
  /** Everything it printed so far (stdout and stderr). */
  output(): string
  /** Its exit code, once it has exited and everything it printed has been read. */
  ended(): Promise<number>
  /** SIGTERM, then ended(). */
  stop(): Promise<void>
}

/**
 * Starts a real server process from the sources (server/main.ts serve(),
 * without the browser app) on a free port, with `env` over the test run's
 * environment, and resolves once it listens. For tests that need what only a
 * process has: signals, several instances, a load balancer in front.
 */
export async function startServer(env: Record<string, string>, { timeoutMs = 60_000 } = {}): Promise<ServerProcess> {
  const script = `const { serve } = await import(${JSON.stringify(path.join(root, 'server/main.ts'))}); await serve({ client: { dir: ${JSON.stringify(path.join(root, 'dist/no-client'))} }, port: 0 })`
  const inherited: Record<string, string | undefined> = { ...process.env }
  delete inherited.PUBLIC_URL
  const child = Bun.spawn([process.execPath, '-e', script], {
    cwd: root,
    env: { ...inherited, HOST: '127.0.0.1', LOG_LEVEL: 'info', SEED_DEMO: 'false', ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  let printed = ''
  const drain = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder()
    const reader = stream.getReader()
    for (let read = await reader.read(); !read.done; read = await reader.read()) printed += decoder.decode(read.value, { stream: true })
  }
  const drained = Promise.all([drain(child.stdout), drain(child.stderr)])
  const ended = async () => {
    const code = await child.exited
    await drained
    return code
  }
  const deadline = Date.now() + timeoutMs
  let port = 0
  while (!port) {
    const started = printed.match(/"msg":"server started","port":(\d+)/)
    if (started) port = Number(started[1])
    else if (child.exitCode !== null || Date.now() > deadline) throw new Error(`The server did not start:\n${printed}`)
    else await Bun.sleep(50)
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    process: child,
    output: () => printed,
    ended,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      await ended()
    },
  }
}
