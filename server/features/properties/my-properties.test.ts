import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { properties, property_media, user_roles } from '../../db/schema'
import { filePath } from '../../storage/files'
import { createUser, db, setupTestDb } from '../../test/setup'
import { formWith, HTML_BYTES, jpegWithGps, mp4Bytes, png, streamedUpload, SVG_BYTES, TEXT_BYTES, webmBytes } from '../../test/media-fixtures'
import { FREE_PHOTO_MESSAGE } from './upload-property-images'

setupTestDb()

const valid = {
  name: 'Maple House',
  address: '12 Main Street',
  city: 'Austin',
  state: 'tx',
  zip_code: '78704',
  description: 'A calm family-style home.',
  total_beds: 4,
  available_beds: 2,
  monthly_fee: 3200,
  license_number: 'LIC-1',
}

async function premiumWithProperty() {
  const owner = await createUser({ plan: 'premium' })
  const res = await owner.agent.post('/api/my/properties', valid)
  expect(res.status).toBe(201)
  return { owner, property: res.json.property }
}

const keyOf = (url: string) => url.replace(/^\/media\//, '')

describe('create property', () => {
  test('creates, geocodes from the ZIP, adds the operator role and lists it', async () => {
    const user = await createUser()
    const res = await user.agent.post('/api/my/properties', valid)
    expect(res.status).toBe(201)
    expect(res.json.geocoded).toBe(true)
    expect(res.json.property).toMatchObject({ name: 'Maple House', state: 'TX', monthly_fee: 3200, monthly_fee_cents: 320000, geocoding_accuracy: 'zip', images: [] })
    expect(res.json.property.latitude).toBeCloseTo(30.24, 1)
    const roles = await db.select().from(user_roles).where(eq(user_roles.user_id, user.id)).all()
    expect(roles.map((r) => r.role)).toEqual(['operator'])
    const list = await user.agent.get('/api/my/properties')
    expect(list.json.items.map((p: { id: string }) => p.id)).toEqual([res.json.property.id])
  })

  test('an unknown ZIP still creates the property without coordinates', async () => {
    const user = await createUser()
    const res = await user.agent.post('/api/my/properties', { ...valid, zip_code: '00000' })
    expect(res.status).toBe(201)
    expect(res.json.geocoded).toBe(false)
    expect(res.json.property.latitude).toBeNull()
  })

  test.each([
    [{ name: 'ab' }, 'name', 'Name must be at least 3 characters'],
    [{ address: 'abc' }, 'address', 'Address is required'],
    [{ city: 'A' }, 'city', 'City is required'],
    [{ state: 'Texas' }, 'state', 'State must be 2 characters'],
    [{ zip_code: '7870' }, 'zip_code', 'Invalid ZIP code'],
    [{ zip_code: '78704-12' }, 'zip_code', 'Invalid ZIP code'],
    [{ description: 'short' }, 'description', 'Description must be at least 10 characters'],
    [{ total_beds: 0 }, 'total_beds', 'Must have at least 1 bed'],
    [{ total_beds: 101 }, 'total_beds', 'Too many beds'],
    [{ available_beds: -1 }, 'available_beds', 'Cannot be negative'],
    [{ available_beds: 5 }, 'available_beds', 'Available beds cannot exceed total beds'],
    [{ monthly_fee: -5 }, 'monthly_fee', 'Fee cannot be negative'],
    [{ monthly_fee: 100001 }, 'monthly_fee', 'Fee is too high'],
    [{ license_number: 'x'.repeat(101) }, 'license_number', 'License number must be less than 100 characters'],
  ])('refuses %p with the product’s exact message', async (patch, field, message) => {
    const user = await createUser({ plan: 'premium' })
    const res = await user.agent.post('/api/my/properties', { ...valid, ...patch })
    expect(res.status).toBe(422)
    expect(res.json.error.message).toBe(message)
    expect(res.json.error.fields[field]).toBe(message)
    expect(await db.select().from(properties).where(eq(properties.operator_id, user.id)).all()).toHaveLength(0)
  })

  test('the first failing message comes first', async () => {
    const user = await createUser()
    const res = await user.agent.post('/api/my/properties', { ...valid, name: 'a', zip_code: 'x' })
    expect(res.json.error.message).toBe('Name must be at least 3 characters')
    expect(res.json.error.fields.zip_code).toBe('Invalid ZIP code')
  })

  test('the free plan allows one active property; premium more', async () => {
    const free = await createUser()
    expect((await free.agent.post('/api/my/properties', valid)).status).toBe(201)
    const second = await free.agent.post('/api/my/properties', valid)
    expect(second.status).toBe(403)
    expect(second.json.error.code).toBe('premium_required')
    const premium = await createUser({ plan: 'premium' })
    expect((await premium.agent.post('/api/my/properties', valid)).status).toBe(201)
    expect((await premium.agent.post('/api/my/properties', valid)).status).toBe(201)
  })

  test("a free operator's second home is saved inactive, not refused; activating it is what the plan counts", async () => {
    const free = await createUser()
    expect((await free.agent.post('/api/my/properties', valid)).status).toBe(201)
    const second = await free.agent.post('/api/my/properties', { ...valid, name: 'Second Home', is_active: false })
    expect(second.status).toBe(201)
    expect(second.json.property).toMatchObject({ name: 'Second Home', is_active: false })
    const mine = await free.agent.get('/api/my/properties')
    expect(mine.json.items.map((p: { name: string; is_active: boolean }) => [p.name, p.is_active]).sort()).toEqual([
      ['Maple House', true],
      ['Second Home', false],
    ])
    const activate = await free.agent.patch(`/api/my/properties/${second.json.property.id}`, { is_active: true })
    expect(activate.status).toBe(403)
    expect(activate.json.error.code).toBe('premium_required')
  })

  test('signed out is a 401', async () => {
    const res = await (await import('../../test/setup')).anonymous().post('/api/my/properties', valid)
    expect(res.status).toBe(401)
  })
})

describe('edit, geocode and delete', () => {
  test('edits with the same rules; re-activating counts against the free plan', async () => {
    const free = await createUser()
    const created = (await free.agent.post('/api/my/properties', valid)).json.property
    const bad = await free.agent.patch(`/api/my/properties/${created.id}`, { available_beds: 9 })
    expect(bad.status).toBe(422)
    expect(bad.json.error.message).toBe('Available beds cannot exceed total beds')
    const ok = await free.agent.patch(`/api/my/properties/${created.id}`, { name: 'Maple Home', monthly_fee: null, is_active: false })
    expect(ok.json.property).toMatchObject({ name: 'Maple Home', monthly_fee: null, is_active: false })
    expect((await free.agent.post('/api/my/properties', valid)).status).toBe(201)
    const reactivate = await free.agent.patch(`/api/my/properties/${created.id}`, { is_active: true })
    expect(reactivate.status).toBe(403)
  })

  test('geocodes a property without coordinates, and says when the ZIP is unknown', async () => {
    const user = await createUser()
    const created = (await user.agent.post('/api/my/properties', { ...valid, zip_code: '00000' })).json.property
    const fail = await user.agent.post(`/api/my/properties/${created.id}/geocode`)
    expect(fail.status).toBe(422)
    await db.update(properties).set({ zip_code: '10001' }).where(eq(properties.id, created.id)).run()
    const ok = await user.agent.post(`/api/my/properties/${created.id}/geocode`)
    expect(ok.status).toBe(200)
    expect(ok.json.accuracy).toBe('zip')
    expect(ok.json.property.latitude).toBeCloseTo(40.75, 1)
  })

  test("another operator's property is a 404 for edit, delete, uploads and geocoding", async () => {
    const { property } = await premiumWithProperty()
    const other = await createUser({ plan: 'premium' })
    const id = property.id
    const image = formWith([{ bytes: await png(), filename: 'a.png' }])
    const video = formWith([{ bytes: mp4Bytes(), filename: 'a.mp4' }])
    const results = [
      await other.agent.patch(`/api/my/properties/${id}`, { name: 'Stolen home' }),
      await other.agent.delete(`/api/my/properties/${id}`),
      await other.agent.upload(`/api/my/properties/${id}/images`, image),
      await other.agent.upload(`/api/my/properties/${id}/videos`, video),
      await other.agent.post(`/api/my/properties/${id}/geocode`),
      await other.agent.post(`/api/my/properties/${id}/images/order`, { ids: ['x'] }),
      await other.agent.delete(`/api/my/properties/${id}/media/x`),
    ]
    expect(results.map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404, 404])
    expect((await db.select().from(properties).where(eq(properties.id, id)).get())?.name).toBe('Maple House')
    expect(await db.select().from(property_media).where(eq(property_media.property_id, id)).all()).toHaveLength(0)
  })

  test('deleting removes the property and its files', async () => {
    const { owner, property } = await premiumWithProperty()
    const up = await owner.agent.upload(`/api/my/properties/${property.id}/images`, formWith([{ bytes: await png(), filename: 'a.png' }]))
    const file = filePath(keyOf(up.json.property.images[0]))
    expect(fs.existsSync(file)).toBe(true)
    const res = await owner.agent.delete(`/api/my/properties/${property.id}`)
    expect(res.status).toBe(200)
    expect(await db.select().from(properties).where(eq(properties.id, property.id)).get()).toBeUndefined()
    expect(fs.existsSync(file)).toBe(false)
    expect(fs.existsSync(path.dirname(file))).toBe(false)
  })
})

describe('images', () => {
  test('re-encodes to WebP, strips EXIF and GPS, bounds the size, makes a thumbnail', async () => {
    const { owner, property } = await premiumWithProperty()
    const source = await jpegWithGps(2400, 1200)
    expect((await sharp(source).metadata()).exif).toBeDefined()
    const res = await owner.agent.upload(`/api/my/properties/${property.id}/images`, formWith([{ bytes: source, filename: 'holiday.jpg', type: 'image/jpeg' }]))
    expect(res.status).toBe(201)
    const [item] = res.json.property.image_items
    const stored = await sharp(fs.readFileSync(filePath(keyOf(item.url)))).metadata()
    expect(stored.format).toBe('webp')
    expect(stored.exif).toBeUndefined()
    expect(stored.width).toBe(1600)
    const thumb = await sharp(fs.readFileSync(filePath(keyOf(item.thumb_url)))).metadata()
    expect(thumb.width).toBe(400)
    expect(res.json.property.featured_image).toBe(item.url)
  })

  test('non-images in a batch are skipped silently; only non-images is a 415', async () => {
    const { owner, property } = await premiumWithProperty()
    const mixed = formWith([
      { bytes: await png(), filename: 'a.png' },
      { bytes: HTML_BYTES, filename: 'evil.jpg', type: 'image/jpeg' },
      { bytes: TEXT_BYTES, filename: 'notes.txt' },
    ])
    const res = await owner.agent.upload(`/api/my/properties/${property.id}/images`, mixed)
    expect(res.status).toBe(201)
    expect(res.json).toMatchObject({ uploaded: 1, skipped: 2 })
    for (const [bytes, name] of [
      [HTML_BYTES, 'page.jpg'],
      [SVG_BYTES, 'logo.jpg'],
    ] as const) {
      const spoof = await owner.agent.upload(`/api/my/properties/${property.id}/images`, formWith([{ bytes, filename: name, type: 'image/jpeg' }]))
      expect(spoof.status).toBe(415)
    }
    expect(await db.select().from(property_media).where(eq(property_media.property_id, property.id)).all()).toHaveLength(1)
  })

  test('free plan: one photo per property; a batch keeps what fits and names each file left, and why', async () => {
    const free = await createUser()
    const property = (await free.agent.post('/api/my/properties', valid)).json.property
    const three = formWith([
      { bytes: TEXT_BYTES, filename: 'notes.txt' },
      { bytes: await png(), filename: 'a.png' },
      { bytes: await png(), filename: 'b.png' },
      { bytes: await png(), filename: 'c.png' },
    ])
    const partial = await free.agent.upload(`/api/my/properties/${property.id}/images`, three)
    expect(partial.status).toBe(201)
    expect(partial.json).toMatchObject({ uploaded: 1, skipped: 1, over_limit: 2 })
    expect(partial.json.files).toEqual([
      { name: 'notes.txt', added: false, reason: 'Please select an image file' },
      { name: 'a.png', added: true, reason: null },
      { name: 'b.png', added: false, reason: FREE_PHOTO_MESSAGE },
      { name: 'c.png', added: false, reason: FREE_PHOTO_MESSAGE },
    ])
    expect(partial.json.property.image_items).toHaveLength(1)
    expect(await db.select().from(property_media).where(eq(property_media.property_id, property.id)).all()).toHaveLength(1)
    // Only the kept photo and its thumbnail are on disk: the left ones were never written or were removed.
    expect(fs.readdirSync(path.dirname(filePath(`property-images/${property.id}/x.webp`)))).toHaveLength(2)
    // A home at its cap refuses the batch: nothing fits.
    const again = await free.agent.upload(`/api/my/properties/${property.id}/images`, formWith([{ bytes: await png(), filename: 'd.png' }]))
    expect(again.status).toBe(403)
    expect(again.json.error).toMatchObject({ code: 'premium_required', message: FREE_PHOTO_MESSAGE })
  })

  test('premium: at most 10 per property, "Maximum 10 images allowed" for each photo past the tenth', async () => {
    const { owner, property } = await premiumWithProperty()
    const bytes = await png(8, 8)
    const nine = formWith(Array.from({ length: 9 }, (_, i) => ({ bytes, filename: `p${i}.png` })))
    expect((await owner.agent.upload(`/api/my/properties/${property.id}/images`, nine)).status).toBe(201)
    const two = formWith([
      { bytes, filename: 'x.png' },
      { bytes, filename: 'y.png' },
    ])
    const partial = await owner.agent.upload(`/api/my/properties/${property.id}/images`, two)
    expect(partial.status).toBe(201)
    expect(partial.json).toMatchObject({ uploaded: 1, over_limit: 1 })
    expect(partial.json.files).toEqual([
      { name: 'x.png', added: true, reason: null },
      { name: 'y.png', added: false, reason: 'Maximum 10 images allowed' },
    ])
    const refused = await owner.agent.upload(`/api/my/properties/${property.id}/images`, formWith([{ bytes, filename: 'z.png' }]))
    expect(refused.status).toBe(422)
    expect(refused.json.error.message).toBe('Maximum 10 images allowed')
    expect(await db.select().from(property_media).where(eq(property_media.property_id, property.id)).all()).toHaveLength(10)
    const files = fs.readdirSync(path.dirname(filePath(`property-images/${property.id}/x.webp`)))
    expect(files).toHaveLength(20) // ten photos and ten thumbnails, nothing left from the refused files
  })

  test('reorder makes another image featured; delete removes the row and the files', async () => {
    const { owner, property } = await premiumWithProperty()
    const up = await owner.agent.upload(
      `/api/my/properties/${property.id}/images`,
      formWith([
        { bytes: await png(), filename: 'a.png' },
        { bytes: await png(20, 10), filename: 'b.png' },
      ]),
    )
    const [a, b] = up.json.property.image_items
    const bad = await owner.agent.post(`/api/my/properties/${property.id}/images/order`, { ids: [b.id] })
    expect(bad.status).toBe(422)
    const ordered = await owner.agent.post(`/api/my/properties/${property.id}/images/order`, { ids: [b.id, a.id] })
    expect(ordered.json.property.featured_image).toBe(b.url)
    const removed = await owner.agent.delete(`/api/my/properties/${property.id}/media/${b.id}`)
    expect(removed.json.property.image_items.map((i: { id: string }) => i.id)).toEqual([a.id])
    expect(fs.existsSync(filePath(keyOf(b.url)))).toBe(false)
    expect(fs.existsSync(filePath(keyOf(b.thumb_url)))).toBe(false)
  })
})

describe('videos', () => {
  test('free plan: Premium Feature', async () => {
    const free = await createUser()
    const property = (await free.agent.post('/api/my/properties', valid)).json.property
    const res = await free.agent.upload(`/api/my/properties/${property.id}/videos`, formWith([{ bytes: mp4Bytes(), filename: 'tour.mp4' }]))
    expect(res.status).toBe(403)
    expect(res.json.error).toMatchObject({ code: 'premium_required', message: 'Upgrade to Premium to upload property videos' })
  })

  test('mp4 and webm by their bytes; text renamed .mp4 is a 415; at most 3', async () => {
    const { owner, property } = await premiumWithProperty()
    const url = `/api/my/properties/${property.id}/videos`
    const spoof = await owner.agent.upload(url, formWith([{ bytes: TEXT_BYTES, filename: 'tour.mp4', type: 'video/mp4' }]))
    expect(spoof.status).toBe(415)
    expect(spoof.json.error.message).toBe('Please upload video files only (mp4, webm, mov)')
    const two = await owner.agent.upload(url, formWith([{ bytes: mp4Bytes(), filename: 'a.mp4' }, { bytes: webmBytes(), filename: 'b.webm' }]))
    expect(two.status).toBe(201)
    expect(two.json.property.video_items.map((v: { mime_type: string }) => v.mime_type)).toEqual(['video/mp4', 'video/webm'])
    const stored = fs.readFileSync(filePath(keyOf(two.json.property.videos[0])))
    expect(stored.length).toBe(8192)
    const over = await owner.agent.upload(url, formWith([{ bytes: mp4Bytes(), filename: 'c.mp4' }, { bytes: mp4Bytes(), filename: 'd.mp4' }]))
    expect(over.status).toBe(422)
    expect(over.json.error.code).toBe('too_many_videos')
    expect((await owner.agent.upload(url, formWith([{ bytes: mp4Bytes(), filename: 'c.mp4' }]))).status).toBe(201)
    expect((await owner.agent.upload(url, formWith([{ bytes: mp4Bytes(), filename: 'e.mp4' }]))).status).toBe(422)
    const folder = path.dirname(filePath(keyOf(two.json.property.videos[0])))
    expect(fs.readdirSync(folder)).toHaveLength(3)
  })

  test('a video over 100 MB is refused while streaming and leaves no file', async () => {
    const { owner, property } = await premiumWithProperty()
    const { body, contentType } = streamedUpload(100 * 1024 * 1024 + 1, mp4Bytes(4096))
    const res = await owner.agent.app.request(
      `/api/my/properties/${property.id}/videos`,
      { method: 'POST', body, headers: { cookie: owner.agent.cookie!, 'content-type': contentType } },
      { requestIP: () => ({ address: '203.0.113.7', family: 'IPv4', port: 1 }) },
    )
    expect(res.status).toBe(413)
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('Maximum file size is 100MB')
    const folder = path.dirname(filePath(`property-videos/${property.id}/x.mp4`))
    expect(fs.existsSync(folder) ? fs.readdirSync(folder) : []).toHaveLength(0)
    expect(await db.select().from(property_media).where(eq(property_media.property_id, property.id)).all()).toHaveLength(0)
  })
})

describe('malformed requests are 4xx, never 500', () => {
  test('bad JSON, wrong content types, missing bodies and signed-out callers', async () => {
    const { owner, property } = await premiumWithProperty()
    const badJson = await owner.agent.request('PATCH', `/api/my/properties/${property.id}`, { body: '{"name": ', headers: { 'content-type': 'application/json' } })
    expect(badJson.status).toBe(400)
    const notMultipart = await owner.agent.post(`/api/my/properties/${property.id}/images`, { files: 'nope' })
    expect(notMultipart.status).toBe(400)
    const noBody = await owner.agent.request('POST', `/api/my/properties/${property.id}/videos`)
    expect(noBody.status).toBe(400)
    const wrongTypes = await owner.agent.post('/api/my/properties', { ...valid, total_beds: 'many', amenities: 7 })
    expect(wrongTypes.status).toBe(422)
    const badOrder = await owner.agent.post(`/api/my/properties/${property.id}/images/order`, { ids: 'x' })
    expect(badOrder.status).toBe(422)
    const { anonymous } = await import('../../test/setup')
    expect((await anonymous().post('/api/my/properties', { name: 1 })).status).toBe(401)
    expect((await anonymous().delete('/api/me')).status).toBe(401)
    const noPassword = await owner.agent.delete('/api/me', {})
    expect(noPassword.status).toBe(422)
    expect(noPassword.json.error.message).toBe('Password is required')
  })
})
