/**
 * A photo of a document taken at the client's home carries where it was
 * taken (EXIF GPS) and with what: referral documents and licence proofs that
 * are images keep the picture, at full size, and lose that metadata before
 * they are stored. What is downloaded is checked, as a user would get it.
 */
import { describe, expect, test } from 'bun:test'
import sharp from 'sharp'
import { formWith, jpegWithGps } from '../../test/media-fixtures'
import { createUser, fakeServer, setupTestDb, type TestAgent } from '../../test/setup'
import { insertReferral, invite } from '../messaging/test-fixtures'

setupTestDb()

/** The bytes of a download (TestAgent reads bodies as text). */
async function bytesOf(agent: TestAgent, url: string) {
  const res = await agent.app.request(url, { headers: { cookie: agent.cookie! } }, fakeServer(agent.ip))
  expect(res.status).toBe(200)
  return new Uint8Array(await res.arrayBuffer())
}

/** A JPEG whose EXIF says: camera TestCam, 40°26'46"N 79°58'56"W, and "rotate 90° to show" (orientation 6). */
const photo = async (orientation?: number) => {
  const bytes = await jpegWithGps(64, 48)
  if (!orientation) return new Uint8Array(bytes)
  return new Uint8Array(await sharp(bytes).keepExif().withMetadata({ orientation }).jpeg().toBuffer())
}

/** A PNG carrying EXIF (eXIf chunk) with the same GPS position. */
const pngWithGps = async () =>
  new Uint8Array(
    await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
      .png()
      .withExif({ IFD0: { Make: 'TestCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 26/1 46/1', GPSLongitudeRef: 'W', GPSLongitude: '79/1 58/1 56/1' } })
      .toBuffer(),
  )

function expectNoMetadata(bytes: Uint8Array) {
  const text = Buffer.from(bytes).toString('latin1')
  expect(text).not.toContain('TestCam')
  expect(text).not.toContain('Exif')
  expect(text).not.toContain('GPS')
}

async function documentExchange() {
  const referrer = await createUser({ roles: ['referrer'] })
  const operator = await createUser({ roles: ['operator'] })
  const referral = await insertReferral(referrer.id)
  await invite(referral.id, operator.id, referrer.id)
  return { referrer, operator, referral }
}

describe('image documents lose their metadata, keep their picture', () => {
  test('a JPEG with a GPS position: the download has no EXIF at all, same size in pixels', async () => {
    const original = await photo()
    expect((await sharp(original).metadata()).exif).toBeDefined()
    expect(Buffer.from(original).toString('latin1')).toContain('TestCam')
    const { referrer, operator, referral } = await documentExchange()
    const form = formWith([{ name: 'file', bytes: original, filename: 'intake-photo.jpg', type: 'image/jpeg' }])
    const res = await referrer.agent.upload(`/api/referrals/${referral.id}/documents`, form)
    expect(res.status).toBe(201)
    expect(res.json).toMatchObject({ file_name: 'intake-photo.jpg', file_type: 'image/jpeg' })

    const got = await bytesOf(operator.agent, `/api/documents/${res.json.id}/download`)
    expect(res.json.file_size).toBe(got.length)
    const meta = await sharp(got).metadata()
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 48 })
    expect(meta.exif).toBeUndefined()
    expect(meta.xmp).toBeUndefined()
    expect(meta.iptc).toBeUndefined()
    expectNoMetadata(got)
  })

  test('the EXIF orientation is applied to the pixels before it is dropped: the photo stays upright', async () => {
    const { referrer, referral } = await documentExchange()
    const sideways = await photo(6)
    expect(await sharp(sideways).metadata()).toMatchObject({ orientation: 6, width: 64, height: 48 })
    const form = formWith([{ name: 'file', bytes: sideways, filename: 'sideways.jpg' }])
    const res = await referrer.agent.upload(`/api/referrals/${referral.id}/documents`, form)
    expect(res.status).toBe(201)
    const meta = await sharp(await bytesOf(referrer.agent, `/api/documents/${res.json.id}/download`)).metadata()
    expect(meta).toMatchObject({ width: 48, height: 64 })
    expect(meta.orientation).toBeUndefined()
  })

  test('a PNG with EXIF: stored as a PNG without it', async () => {
    const original = await pngWithGps()
    expect(Buffer.from(original).toString('latin1')).toContain('TestCam')
    const { referrer, referral } = await documentExchange()
    const res = await referrer.agent.upload(`/api/referrals/${referral.id}/documents`, formWith([{ name: 'file', bytes: original, filename: 'scan.png' }]))
    expect(res.status).toBe(201)
    const got = await bytesOf(referrer.agent, `/api/documents/${res.json.id}/download`)
    expect(await sharp(got).metadata()).toMatchObject({ format: 'png', width: 40, height: 30 })
    expectNoMetadata(got)
  })

  test('a "JPEG" that does not decode is refused as an invalid file type, nothing kept', async () => {
    const { referrer, referral } = await documentExchange()
    const fake = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, ...new Array(200).fill(0), 0xff, 0xd9])
    const res = await referrer.agent.upload(`/api/referrals/${referral.id}/documents`, formWith([{ name: 'file', bytes: fake, filename: 'broken.jpg' }]))
    expect(res.status).toBe(415)
    expect((await referrer.agent.get(`/api/referrals/${referral.id}/documents`)).json.items).toEqual([])
  })
})

describe('licence proofs lose their metadata too', () => {
  test('a photographed licence: the proof an admin downloads has no EXIF, GPS or camera', async () => {
    const operator = await createUser({ roles: ['operator'], licensing_type: 'licensed' })
    const res = await operator.agent.upload('/api/my/license-proofs', formWith([{ name: 'file', bytes: await photo(), filename: 'licence.jpg' }]))
    expect(res.status).toBe(201)
    const proof = res.json.proofs[0]
    expect(proof).toMatchObject({ file_type: 'image/jpeg' })
    const got = await bytesOf(operator.agent, `/api/license-proofs/${proof.id}/download`)
    const meta = await sharp(got).metadata()
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 48 })
    expect(meta.exif).toBeUndefined()
    expectNoMetadata(got)
  })
})
