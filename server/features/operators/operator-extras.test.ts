import { describe, expect, test } from 'bun:test'
import { eq, sql } from 'drizzle-orm'
import { rows } from '../../db/raw'
import fs from 'node:fs'
import path from 'node:path'
import { profiles } from '../../db/schema'
import { filePath } from '../../storage/files'
import { formWith, mp4Bytes, streamedUpload, TEXT_BYTES, webmBytes } from '../../test/media-fixtures'
import { anonymous, createUser, db, setPlan, setupTestDb } from '../../test/setup'
import { addProperty } from '../properties/property-fixtures'

/** Operator extras: specializations and, for Premium, a video introduction. */
setupTestDb()

const keyOf = (url: string) => url.replace(/^\/media\//, '')
const profileRow = async (id: string) => (await db.select().from(profiles).where(eq(profiles.id, id)).get())!
const filesOf = (userId: string) => {
  const folder = path.dirname(filePath(`operator-profiles/${userId}/x.mp4`))
  return fs.existsSync(folder) ? fs.readdirSync(folder) : []
}

/** A listed operator: a published username and an active home (so /browse-operators can show them). */
async function operator(plan: 'premium' | 'free' = 'premium') {
  const username = `op-${crypto.randomUUID().slice(0, 8)}`
  const user = await createUser({ roles: ['operator'], plan, username })
  await addProperty(user.id)
  return { ...user, username }
}

const card = async (userId: string, query = '') => {
  const res = await anonymous().get(`/api/operators?per_page=50${query}`)
  expect(res.status).toBe(200)
  return res.json.items.find((o: { id: string }) => o.id === userId)
}

describe('specializations', () => {
  test('saved from the profile form, in list order and once each; shown on the public profile and the directory card', async () => {
    const op = await operator()
    const res = await op.agent.patch('/api/my/profile', { specializations: ['mental_health', 'dementia_care', 'mental_health'] })
    expect(res.status).toBe(200)
    expect(res.json.specializations).toEqual(['dementia_care', 'mental_health'])
    expect((await op.agent.get('/api/my/profile')).json.specializations).toEqual(['dementia_care', 'mental_health'])
    expect((await anonymous().get(`/api/operators/${op.username}`)).json.specializations).toEqual(['dementia_care', 'mental_health'])
    expect((await card(op.id)).specializations).toEqual(['dementia_care', 'mental_health'])
    // Saving other settings leaves them alone; an empty list clears them.
    await op.agent.patch('/api/my/profile', { organization_name: 'Calm Days' })
    expect((await profileRow(op.id)).specializations).toEqual(['dementia_care', 'mental_health'])
    await op.agent.patch('/api/my/profile', { specializations: [] })
    expect((await profileRow(op.id)).specializations).toEqual([])
  })

  test.each([[['dementia_care', 'astrology']], ['dementia care'.split(' ')], [{ dementia_care: true }], [[7]]])(
    'an unknown value (%p) is refused with 422 and nothing changes',
    async (value) => {
      const op = await operator()
      await op.agent.patch('/api/my/profile', { specializations: ['veterans'] })
      const res = await op.agent.patch('/api/my/profile', { specializations: value, organization_name: 'Changed' })
      expect(res.status).toBe(422)
      expect(res.json.error.message).toBe('Please choose specializations from the list')
      expect(res.json.error.fields.specializations).toBe('Please choose specializations from the list')
      expect(await profileRow(op.id)).toMatchObject({ specializations: ['veterans'], organization_name: null })
    },
  )

  test('the database refuses an unknown specialization too (CHECK)', async () => {
    const op = await operator()
    await expect(rows(db, sql`UPDATE profiles SET specializations = '["dementia_care","cooking"]' WHERE id = ${op.id}`)).rejects.toThrow(/CHECK constraint failed/)
  })

  test('/browse-operators filters by specialization; an unknown one is a 422', async () => {
    const dementia = await operator()
    const recovery = await operator()
    const none = await operator()
    await dementia.agent.patch('/api/my/profile', { specializations: ['dementia_care', 'veterans'] })
    await recovery.agent.patch('/api/my/profile', { specializations: ['substance_use_recovery'] })
    const listed = async (query: string) => {
      const res = await anonymous().get(`/api/operators?per_page=50${query}`)
      expect(res.status).toBe(200)
      return new Set(res.json.items.map((o: { id: string }) => o.id))
    }
    const byDementia = await listed('&specialization=dementia_care')
    expect([byDementia.has(dementia.id), byDementia.has(recovery.id), byDementia.has(none.id)]).toEqual([true, false, false])
    const byRecovery = await listed('&specialization=substance_use_recovery')
    expect([byRecovery.has(dementia.id), byRecovery.has(recovery.id), byRecovery.has(none.id)]).toEqual([false, true, false])
    const all = await listed('&specialization=')
    expect([all.has(dementia.id), all.has(recovery.id), all.has(none.id)]).toEqual([true, true, true])
    const bad = await anonymous().get('/api/operators?specialization=astrology')
    expect(bad.status).toBe(422)
    expect(bad.json.error.message).toBe('Please choose a specialization from the list')
  })
})

describe('video introduction (Premium)', () => {
  test('a free operator is refused (premium_required) and nothing is stored', async () => {
    const op = await operator('free')
    const res = await op.agent.upload('/api/my/profile/video', formWith([{ name: 'file', bytes: mp4Bytes(), filename: 'hello.mp4' }]))
    expect(res.status).toBe(403)
    expect(res.json.error).toMatchObject({ code: 'premium_required', message: 'Upgrade to Premium to add a video introduction' })
    expect((await profileRow(op.id)).intro_video_key).toBeNull()
    expect(filesOf(op.id)).toHaveLength(0)
  })

  test('Premium uploads one; it is served publicly on the profile and the card; a new one replaces it and its file', async () => {
    const op = await operator()
    const first = await op.agent.upload('/api/my/profile/video', formWith([{ name: 'file', bytes: mp4Bytes(), filename: 'hello.mp4' }]))
    expect(first.status).toBe(201)
    expect(first.json.video_intro).toMatch(/^\/media\/operator-profiles\/.+\.mp4$/)
    expect((await op.agent.get('/api/my/profile')).json.video_intro).toBe(first.json.video_intro)
    expect((await anonymous().get(`/api/operators/${op.username}`)).json.video_intro).toBe(first.json.video_intro)
    expect((await card(op.id)).video_intro).toBe(first.json.video_intro)
    const served = await anonymous().get(first.json.video_intro)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toContain('video/mp4')

    // Recorded in the browser: webm, like the property video recorder's files.
    const second = await op.agent.upload('/api/my/profile/video', formWith([{ name: 'file', bytes: webmBytes(), filename: 'recording.webm' }]))
    expect(second.status).toBe(201)
    expect(second.json.video_intro).toMatch(/\.webm$/)
    expect(fs.existsSync(filePath(keyOf(first.json.video_intro)))).toBe(false)
    expect(filesOf(op.id)).toEqual([path.basename(second.json.video_intro)])
  })

  test('the property-video rules apply: type from the bytes (415), one file (422), 100 MB (413); the previous video stays', async () => {
    const op = await operator()
    const kept = await op.agent.upload('/api/my/profile/video', formWith([{ name: 'file', bytes: mp4Bytes(), filename: 'kept.mp4' }]))
    const lying = await op.agent.upload('/api/my/profile/video', formWith([{ name: 'file', bytes: TEXT_BYTES, filename: 'fake.mp4', type: 'video/mp4' }]))
    expect(lying.status).toBe(415)
    expect(lying.json.error.message).toBe('Please upload video files only (mp4, webm, mov)')
    const two = await op.agent.upload('/api/my/profile/video', formWith([
      { name: 'file', bytes: mp4Bytes(), filename: 'a.mp4' },
      { name: 'file', bytes: mp4Bytes(), filename: 'b.mp4' },
    ]))
    expect(two.status).toBe(422)
    expect(two.json.error.message).toBe('Please upload one video for your introduction')
    const { body, contentType } = streamedUpload(100 * 1024 * 1024 + 1, mp4Bytes(4096))
    const big = await op.agent.app.request(
      '/api/my/profile/video',
      { method: 'POST', body, headers: { cookie: op.agent.cookie!, 'content-type': contentType } },
      { requestIP: () => ({ address: '203.0.113.7', family: 'IPv4', port: 1 }) },
    )
    expect(big.status).toBe(413)
    expect(((await big.json()) as { error: { message: string } }).error.message).toBe('Maximum file size is 100MB')
    expect((await profileRow(op.id)).intro_video_key).toBe(keyOf(kept.json.video_intro))
    expect(filesOf(op.id)).toEqual([path.basename(kept.json.video_intro)])
  })

  test('after a downgrade it is hidden publicly but kept; the operator can still remove it', async () => {
    const op = await operator()
    const up = await op.agent.upload('/api/my/profile/video', formWith([{ name: 'file', bytes: mp4Bytes(), filename: 'hello.mp4' }]))
    await setPlan(op.id, 'free')
    expect((await anonymous().get(`/api/operators/${op.username}`)).json.video_intro).toBeNull()
    expect((await op.agent.get('/api/my/profile')).json.video_intro).toBe(up.json.video_intro)
    await setPlan(op.id, 'premium')
    expect((await anonymous().get(`/api/operators/${op.username}`)).json.video_intro).toBe(up.json.video_intro)
    await setPlan(op.id, 'free')
    const removed = await op.agent.delete('/api/my/profile/video')
    expect(removed.status).toBe(200)
    expect(removed.json.video_intro).toBeNull()
    expect((await profileRow(op.id)).intro_video_key).toBeNull()
    expect(filesOf(op.id)).toHaveLength(0)
    // Nothing left to remove: still fine.
    expect((await op.agent.delete('/api/my/profile/video')).status).toBe(200)
  })
})
