/**
 * Uploads through the API with the files in a bucket (STORAGE_URL=s3://…,
 * ADR 025; s3rver started here): every kind lands in the bucket and is
 * served from it through the same routes; private files are ciphertext in
 * the bucket and opened only for who may read them; an upload cut short
 * leaves nothing; /api/health says 503 when the bucket does not answer.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import fs from 'node:fs'
import path from 'node:path'
import { dataDir } from '../env'
import { insertReferral } from '../features/marketplace/test-fixtures'
import { formWith, jpegWithGps, mp4Bytes } from '../test/media-fixtures'
import { startS3Emulator, type S3Emulator } from '../test/s3-emulator'
import { anonymous, createUser, setupTestDb } from '../test/setup'
import { UPLOADS_IN_PROGRESS_DIR } from './files'
import { S3Store } from './s3-store'
import { configuredStore } from './storage-config'
import { useFileStore } from './store'

setupTestDb()

let s3: S3Emulator
let prefix = ''
beforeAll(async () => {
  s3 = await startS3Emulator()
  prefix = `api-${crypto.randomUUID().slice(0, 8)}`
  useFileStore(s3.store(prefix))
})
afterAll(async () => {
  useFileStore(configuredStore())
  await s3?.stop()
})

const objectKeys = async () => {
  const keys: string[] = []
  for await (const { key } of s3.store(prefix).list()) keys.push(key)
  return keys.sort()
}
const keyOf = (url: string) => url.replace(/^\/media\//, '')
const inProgress = () => {
  const dir = path.join(dataDir(), UPLOADS_IN_PROGRESS_DIR)
  return fs.existsSync(dir) ? fs.readdirSync(dir) : []
}

async function premiumWithProperty() {
  const owner = await createUser({ plan: 'premium' })
  const res = await owner.agent.post('/api/my/properties', {
    name: 'Bucket House', address: '12 Main Street', city: 'Austin', state: 'tx', zip_code: '78704',
    description: 'A calm home.', total_beds: 4, available_beds: 2, monthly_fee: 3200, license_number: 'LIC-1',
  })
  expect(res.status).toBe(201)
  return { owner, property: res.json.property }
}

describe('files in a bucket', () => {
  test('a photo and a video land in the bucket, nowhere in the data folder, and are served from it (a video by ranges)', async () => {
    const { owner, property } = await premiumWithProperty()
    const photo = await owner.agent.upload(`/api/my/properties/${property.id}/images`, formWith([{ bytes: await jpegWithGps(), filename: 'a.jpg' }]))
    expect(photo.status).toBe(201)
    const image = photo.json.property.images[0] as string
    const video = new Uint8Array(mp4Bytes(200_000))
    const up = await owner.agent.upload(`/api/my/properties/${property.id}/videos`, formWith([{ bytes: video, filename: 'tour.mp4' }]))
    expect(up.status).toBe(201)
    const clip = up.json.property.videos[0] as string

    const keys = await objectKeys()
    expect(keys).toContain(keyOf(image))
    expect((await s3.store(prefix).blob(keyOf(image)).stat()).type).toBe('image/webp')
    expect(keys).toContain(keyOf(photo.json.property.image_items[0].thumb_url))
    expect(keys).toContain(keyOf(clip))
    expect(fs.existsSync(path.join(dataDir(), 'uploads', 'property-images', property.id))).toBe(false)
    expect(fs.existsSync(path.join(dataDir(), 'uploads', 'property-videos', property.id))).toBe(false)

    const shown = await anonymous().app.request(image)
    expect(shown.status).toBe(200)
    expect(shown.headers.get('content-type')).toBe('image/webp')
    expect(shown.headers.get('cache-control')).toBe('public, max-age=86400')
    expect(new Uint8Array(await shown.arrayBuffer())).toEqual(await s3.store(prefix).blob(keyOf(image)).bytes())
    const seek = await anonymous().app.request(clip, { headers: { Range: 'bytes=100000-100099' } })
    expect(seek.status).toBe(206)
    expect(seek.headers.get('content-range')).toBe(`bytes 100000-100099/${video.length}`)
    expect(new Uint8Array(await seek.arrayBuffer())).toEqual(video.slice(100000, 100100))
    expect((await anonymous().app.request(`/media/property-images/${property.id}/nothing.webp`)).status).toBe(404)

    // Deleting the home removes its objects.
    expect((await owner.agent.delete(`/api/my/properties/${property.id}`)).status).toBe(200)
    const left = await objectKeys()
    expect(left.filter((k) => k.includes(property.id))).toEqual([])
  })

  test('a document is ciphertext in the bucket, downloaded in clear by who may read it, refused to others', async () => {
    const referrer = await createUser({ roles: ['referrer'] })
    const referral = await insertReferral(referrer.id)
    const marker = `QzBUCKETmk${crypto.randomUUID().slice(0, 8)}`
    const content = new TextEncoder().encode(`%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n% ${marker}\n%%EOF\n`)
    const form = new FormData()
    form.append('file', new File([content], 'care-plan.pdf', { type: 'application/pdf' }))
    const up = await referrer.agent.upload(`/api/referrals/${referral.id}/documents`, form)
    expect(up.status).toBe(201)
    const key = (await objectKeys()).find((k) => k.startsWith(`referral-documents/${referral.id}/`))!
    expect(key).toBeDefined()
    const stored = Buffer.from(await s3.store(prefix).blob(key).bytes())
    expect(stored.subarray(0, 4).toString()).toBe('hw2:')
    // Opaque bytes to the bucket and whoever it hands them to, not a PDF (object-type.ts).
    expect((await s3.store(prefix).blob(key).stat()).type).toBe('application/octet-stream')
    expect(stored.includes(marker)).toBe(false)
    for (const object of s3.objects()) expect(object.bytes.includes(marker)).toBe(false)

    const download = await referrer.agent.get(`/api/documents/${up.json.id}/download`)
    expect(download.status).toBe(200)
    expect(download.text).toContain(marker)
    const stranger = await createUser({ roles: ['operator'], plan: 'premium' })
    expect((await stranger.agent.get(`/api/documents/${up.json.id}/download`)).status).toBe(404)
    expect((await anonymous().get(`/api/documents/${up.json.id}/download`)).status).toBe(401)
    // Never a public URL: the media route does not serve private areas from the bucket either.
    expect((await anonymous().app.request(`/media/${key}`)).status).toBe(404)
  })

  test('an upload refused half-way (over the limit) leaves nothing in the bucket or the in-progress folder', async () => {
    const referrer = await createUser({ roles: ['referrer'] })
    const referral = await insertReferral(referrer.id)
    const before = await objectKeys()
    const big = new Uint8Array(10 * 1024 * 1024 + 1).fill(0x20)
    big.set(new TextEncoder().encode('%PDF-1.4\n'))
    const form = new FormData()
    form.append('file', new File([big], 'big.pdf', { type: 'application/pdf' }))
    const res = await referrer.agent.upload(`/api/referrals/${referral.id}/documents`, form)
    expect(res.status).toBe(413)
    expect(await objectKeys()).toEqual(before)
    expect(inProgress()).toEqual([])
  })

  test('a profile photo is stored in the bucket and replaces the previous one there', async () => {
    const operator = await createUser({ roles: ['operator'], plan: 'premium' })
    const photo = async () => operator.agent.upload('/api/my/profile/photo', formWith([{ name: 'file', bytes: await jpegWithGps(), filename: 'me.jpg' }]))
    const first = await photo()
    expect(first.status).toBe(200)
    const second = await photo()
    const keys = await objectKeys()
    expect(keys).toContain(keyOf(second.json.profile_photo))
    expect(keys).not.toContain(keyOf(first.json.profile_photo))
  })

  test('/api/health is 503 while the bucket does not answer, 200 again when it does', async () => {
    expect((await anonymous().get('/api/health')).status).toBe(200)
    const listener = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
    const closed = `http://127.0.0.1:${listener.port}`
    listener.stop(true)
    useFileStore(new S3Store({ bucket: s3.bucket, prefix, endpoint: closed, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }))
    try {
      const down = await anonymous().get('/api/health')
      expect(down.status).toBe(503)
      expect(down.json.error.message).toBe('The file storage does not answer')
    } finally {
      useFileStore(s3.store(prefix))
    }
    expect((await anonymous().get('/api/health')).status).toBe(200)
  })
})
