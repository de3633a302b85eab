import { afterEach, describe, expect, test } from 'bun:test'
import { api, ApiError, BUSY_RETRIES } from './api'

const realFetch = globalThis.fetch
afterEach(() => {
  globalThis.fetch = realFetch
})

const busy = () =>
  new Response(JSON.stringify({ error: { code: 'server_busy', message: 'The server is busy. Please try again in a few seconds.' } }), {
    status: 503,
    headers: { 'Retry-After': '1', 'Content-Type': 'application/json' },
  })

/** A fake server that answers with `answers` in turn, and the bodies it received. */
function answering(...answers: Array<() => Response>) {
  const bodies: unknown[] = []
  globalThis.fetch = (async (_url: string, init?: RequestInit) => {
    bodies.push(init?.body)
    return answers[Math.min(bodies.length - 1, answers.length - 1)]!()
  }) as typeof fetch
  return bodies
}

describe('api() and a busy server', () => {
  test('a 503 server_busy is asked again after Retry-After, with the same body', async () => {
    const bodies = answering(busy, () => Response.json({ ok: true }))
    expect(await api('/auth/sign-in', { method: 'POST', body: { email: 'a@b.c' } })).toEqual({ ok: true })
    expect(bodies).toEqual(['{"email":"a@b.c"}', '{"email":"a@b.c"}'])
  })

  test(`still busy after ${BUSY_RETRIES} more tries: the server's message`, async () => {
    const bodies = answering(busy)
    const error = await api('/auth/sign-up', { method: 'POST', body: {} }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 503, code: 'server_busy', message: 'The server is busy. Please try again in a few seconds.' })
    expect(bodies).toHaveLength(1 + BUSY_RETRIES)
  }, 15_000)

  test('another 503 (not busy, or without Retry-After) is not asked again', async () => {
    const bodies = answering(() => Response.json({ error: { code: 'not_ready', message: 'Starting' } }, { status: 503 }))
    await expect(api('/health')).rejects.toMatchObject({ code: 'not_ready' })
    expect(bodies).toHaveLength(1)
  })
})
