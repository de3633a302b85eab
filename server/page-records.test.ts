import { afterAll, describe, expect, test } from 'bun:test'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createApp } from './app'
import { createUser, setupTestDb } from './test/setup'

setupTestDb()

/** A built client of one page: what the server sends for every route. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-pages-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>Homeward</title></head><body><div id="root"></div></body></html>')
fs.writeFileSync(path.join(dir, 'preloads.json'), JSON.stringify({ '/operator/:username': ['/assets/OperatorProfilePage-aaaa1111.js'] }))
const app = createApp({ client: { dir } })

describe('an operator profile page answers 404 at its address when the operator does not exist', () => {
  test('a known username is 200; an unknown one or one too long to be a username is 404 with the same page', async () => {
    const username = `known-${crypto.randomUUID().slice(0, 8)}`
    await createUser({ roles: ['operator'], plan: 'premium', username })
    const known = await app.request(`/operator/${username}`)
    expect(known.status).toBe(200)
    expect(await known.text()).toContain('OperatorProfilePage-aaaa1111.js')
    // The username's case does not matter, as in the API.
    expect((await app.request(`/operator/${username.toUpperCase()}`)).status).toBe(200)

    for (const missing of ['/operator/nobody-here', '/operator/nobody-here/', `/operator/${'x'.repeat(101)}`, '/operator/%00']) {
      const res = await app.request(missing)
      expect(res.status, missing).toBe(404)
      // The page of the route all the same: the browser app shows its not-found page at this address.
      expect(await res.text()).toContain('OperatorProfilePage-aaaa1111.js')
    }
  })

  test('at its Spanish address too (ADR 037): a known operator is 200, an unknown one 404', async () => {
    const username = `conocido-${crypto.randomUUID().slice(0, 8)}`
    await createUser({ roles: ['operator'], plan: 'premium', username })
    expect((await app.request(`/es/operator/${username}`)).status).toBe(200)
    expect((await app.request('/es/operator/nobody-here')).status).toBe(404)
  })

  test('other pages of the route table are unaffected', async () => {
    expect((await app.request('/browse')).status).toBe(200)
    expect((await app.request('/no-such-page')).status).toBe(404)
  })
})
