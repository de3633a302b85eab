/**
 * A server stopped with SIGTERM (a container restart, a rolling deploy
 * behind a load balancer, ADR 022): event streams close with a retry hint, a
 * request in flight still gets its answer, and the process exits cleanly.
 * A real `serve` process on SQLite.
 */
import { afterAll, expect, test } from 'bun:test'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startServer } from './test/server-process'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-shutdown-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

test('SIGTERM: streams told to reconnect, the request in flight answered, exit 0', async () => {
  const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' })
  const origin = server.url
  const signUp = await fetch(`${origin}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: 'stream@example.com', password: 'password-123', first_name: 'Sam', last_name: 'Stream', phone: '(555) 555-0100' }),
  })
  expect(signUp.status).toBe(201)
  const cookie = signUp.headers.get('set-cookie')!.split(';')[0]!
  expect((await fetch(`${origin}/api/health`)).status).toBe(200)

  const events = await fetch(`${origin}/api/events`, { headers: { cookie } })
  const reader = events.body!.getReader()
  let received = ''
  const decoder = new TextDecoder()
  while (!received.includes('"ready"')) received += decoder.decode((await reader.read()).value)

  // A request whose body is still arriving when the signal comes: sent by hand, with Expect: 100-continue, so
  // the server's "100 Continue" says it has the request before the signal is sent.
  const body = '{"email":"stream@example.com","password":"wrong-password"}'
  let answer = ''
  let heard!: () => void
  const continued = new Promise<void>((resolve) => (heard = resolve))
  let closed!: () => void
  const answered = new Promise<void>((resolve) => (closed = resolve))
  const url = new URL(origin)
  const socket = await Bun.connect({
    hostname: url.hostname,
    port: Number(url.port),
    socket: {
      data(_socket, chunk) {
        answer += chunk.toString()
        if (answer.includes('100 Continue')) heard()
        if (answer.includes('"invalid_credentials"')) closed()
      },
      close: () => closed(),
    },
  })
  socket.write(
    `POST /api/auth/sign-in HTTP/1.1\r\nHost: ${url.host}\r\nOrigin: ${origin}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n${body.slice(0, 20)}`,
  )
  await continued

  server.process.kill('SIGTERM')
  // The stream is closed with a retry hint.
  for (;;) {
    const { value, done } = await reader.read()
    if (done) break
    received += decoder.decode(value)
  }
  expect(received).toContain('retry: 1000')
  // The request that was in flight gets its answer.
  socket.write(body.slice(20))
  await answered
  socket.end()
  expect(answer.replace('HTTP/1.1 100 Continue\r\n\r\n', '')).toStartWith('HTTP/1.1 401')
  expect(await server.ended()).toBe(0)
  expect(server.output()).toContain('"msg":"stopped"')
  // No new connection is taken.
  expect(fetch(`${origin}/api/health`)).rejects.toThrow()
}, 60_000)
