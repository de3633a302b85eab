import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import fs from 'node:fs'
import { audit_logs, disclosures, notifications, referral_documents, referrals } from '../../db/schema'
import { CHUNK } from '../../lib/sealed-file'
import { filePath, storedFile, writeFile } from '../../storage/files'
import { legacySealedFile } from '../../test/legacy-seal'
import { jpegWithGps } from '../../test/media-fixtures'
import { anonymous, createUser, db, setupTestDb, type TestAgent } from '../../test/setup'
import { createAdmin, exchange, expressInterest, insertReferral, invite, openStream, unlock } from '../messaging/test-fixtures'

setupTestDb()

// ─── files as their bytes say they are ───────────────────────────────────────

const enc = new TextEncoder()
const pdf = (size = 400) => {
  const head = enc.encode('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n')
  const bytes = new Uint8Array(Math.max(size, head.length))
  bytes.fill(0x20)
  bytes.set(head)
  return bytes
}
const png = () => Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0))
// A real photo (with an EXIF GPS position): images are re-encoded without their metadata, so they must decode.
const realJpeg = new Uint8Array(await jpegWithGps())
const jpg = () => realJpeg
const doc = () => {
  const bytes = new Uint8Array(1024)
  bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])
  return bytes
}
/** A minimal stored (uncompressed) zip: a .docx is a zip with a word/ folder. */
function zip(entries: Record<string, string>) {
  const parts: Uint8Array[] = []
  const central: Uint8Array[] = []
  let offset = 0
  for (const [name, content] of Object.entries(entries)) {
    const nameBytes = enc.encode(name)
    const data = enc.encode(content)
    const crc = Bun.hash.crc32(data)
    const local = new DataView(new ArrayBuffer(30))
    local.setUint32(0, 0x04034b50, true)
    local.setUint16(4, 20, true)
    local.setUint32(14, crc, true)
    local.setUint32(18, data.length, true)
    local.setUint32(22, data.length, true)
    local.setUint16(26, nameBytes.length, true)
    parts.push(new Uint8Array(local.buffer), nameBytes, data)
    const entry = new DataView(new ArrayBuffer(46))
    entry.setUint32(0, 0x02014b50, true)
    entry.setUint16(4, 20, true)
    entry.setUint16(6, 20, true)
    entry.setUint32(16, crc, true)
    entry.setUint32(20, data.length, true)
    entry.setUint32(24, data.length, true)
    entry.setUint16(28, nameBytes.length, true)
    entry.setUint32(42, offset, true)
    central.push(new Uint8Array(entry.buffer), nameBytes)
    offset += 30 + nameBytes.length + data.length
  }
  const size = central.reduce((n, p) => n + p.length, 0)
  const end = new DataView(new ArrayBuffer(22))
  end.setUint32(0, 0x06054b50, true)
  end.setUint16(8, Object.keys(entries).length, true)
  end.setUint16(10, Object.keys(entries).length, true)
  end.setUint32(12, size, true)
  end.setUint32(16, offset, true)
  return new Uint8Array(Buffer.concat([...parts, ...central, new Uint8Array(end.buffer)]))
}
const docx = () =>
  zip({
    '[Content_Types].xml':
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    'word/document.xml': '<w:document/>',
  })

function form(file: Uint8Array | null, name = 'care-plan.pdf', fields: Record<string, string> = {}, type = 'application/pdf') {
  const f = new FormData()
  if (file) f.append('file', new File([file as Uint8Array<ArrayBuffer>], name, { type }))
  for (const [k, v] of Object.entries(fields)) f.append(k, v)
  return f
}
const upload = (agent: TestAgent, referralId: string, f: FormData) => agent.upload(`/api/referrals/${referralId}/documents`, f)
const docCount = async () => (await db.select().from(referral_documents).all()).length
const storedFiles = () => {
  const dir = filePath('referral-documents/x/y.pdf').replace(/\/x\/y\.pdf$/, '')
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).filter((f) => String(f).includes('.')).length : 0
}

describe('who may see a referral’s documents', () => {
  test('the referrer and unlocked or invited operators; interest alone is not enough', async () => {
    const { referrer, operator: invited, referral } = await exchange()
    const unlocked = await createUser({ roles: ['operator'] })
    await unlock(referral.id, unlocked.id)
    const interested = await createUser({ roles: ['operator'] })
    await expressInterest(referral.id, interested.id)
    const stranger = await createUser({ roles: ['referrer'] })

    for (const who of [referrer, invited, unlocked]) expect((await who.agent.get(`/api/referrals/${referral.id}/documents`)).status).toBe(200)
    for (const who of [interested, stranger]) {
      const res = await who.agent.get(`/api/referrals/${referral.id}/documents`)
      expect(res.status).toBe(404)
      expect((await upload(who.agent, referral.id, form(pdf()))).status).toBe(404)
    }
    expect((await anonymous().get(`/api/referrals/${referral.id}/documents`)).status).toBe(401)
    expect((await referrer.agent.get(`/api/referrals/${crypto.randomUUID()}/documents`)).status).toBe(404)
    expect((await referrer.agent.get('/api/referrals/nope/documents')).status).toBe(404)
  })

  test('an operator interested in referral A cannot open referral B’s documents', async () => {
    const referrer = await createUser({ roles: ['referrer'] })
    const operator = await createUser({ roles: ['operator'] })
    const a = await insertReferral(referrer.id)
    const b = await insertReferral(referrer.id)
    await expressInterest(a.id, operator.id)
    const owner = await createUser({ roles: ['operator'] })
    await invite(b.id, owner.id, referrer.id)
    const uploaded = await upload(referrer.agent, b.id, form(pdf()))
    expect(uploaded.status).toBe(201)
    expect((await operator.agent.get(`/api/referrals/${b.id}/documents`)).status).toBe(404)
    expect((await operator.agent.get(`/api/documents/${uploaded.json.id}/download`)).status).toBe(404)
    expect((await operator.agent.post(`/api/documents/${uploaded.json.id}/sign`)).status).toBe(404)
  })

  test('operators see their own exchange and what the referrer shared with all, never each other’s', async () => {
    const { referrer, operator: first, referral } = await exchange()
    const second = await createUser({ roles: ['operator'] })
    await invite(referral.id, second.id, referrer.id)
    const fromFirst = await upload(first.agent, referral.id, form(pdf(), 'first.pdf'))
    const toSecond = await upload(referrer.agent, referral.id, form(png(), 'for-second.png', { operator_id: second.id }, 'image/png'))
    const shared = await upload(referrer.agent, referral.id, form(jpg(), 'shared.jpg', {}, 'image/jpeg'))
    expect(shared.json.shared_with_all_operators).toBe(true)

    const names = async (agent: TestAgent, query = '') =>
      (await agent.get(`/api/referrals/${referral.id}/documents${query}`)).json.items.map((d: any) => d.file_name).sort()
    expect(await names(referrer.agent)).toEqual(['first.pdf', 'for-second.png', 'shared.jpg'])
    expect(await names(referrer.agent, `?operator_id=${first.id}`)).toEqual(['first.pdf', 'shared.jpg'])
    expect(await names(first.agent)).toEqual(['first.pdf', 'shared.jpg'])
    expect(await names(second.agent)).toEqual(['for-second.png', 'shared.jpg'])
    expect((await first.agent.get(`/api/documents/${toSecond.json.id}/download`)).status).toBe(404)
    expect((await second.agent.get(`/api/documents/${fromFirst.json.id}/download`)).status).toBe(404)

    const list = (await referrer.agent.get(`/api/referrals/${referral.id}/documents`)).json
    expect(list.my_role).toBe('referrer')
    expect(list.operators.map((o: any) => o.id).sort()).toEqual([first.id, second.id].sort())
    expect((await first.agent.get(`/api/referrals/${referral.id}/documents`)).json.operators).toEqual([])
  })

  test('the referrer can only address operators who may see the referral', async () => {
    const { referrer, referral } = await exchange()
    const interested = await createUser({ roles: ['operator'] })
    await expressInterest(referral.id, interested.id)
    const res = await upload(referrer.agent, referral.id, form(pdf(), 'x.pdf', { operator_id: interested.id }))
    expect(res.status).toBe(422)
    expect(res.json.error.fields.operator_id).toBe('Choose an operator who can see this referral')
    expect((await upload(referrer.agent, referral.id, form(pdf(), 'x.pdf', { operator_id: 'nope' }))).status).toBe(422)
  })

  test('admins read and download (audited) but cannot upload or sign', async () => {
    const { operator, referral } = await exchange()
    const uploaded = await upload(operator.agent, referral.id, form(pdf(), 'x.pdf', { requires_signature: 'true' }))
    const admin = await createAdmin()
    const list = await admin.agent.get(`/api/referrals/${referral.id}/documents`)
    expect(list.status).toBe(200)
    expect(list.json.items[0]).toMatchObject({ mine: false, can_sign: false })
    expect((await admin.agent.get(`/api/documents/${uploaded.json.id}/download`)).status).toBe(200)
    expect((await upload(admin.agent, referral.id, form(pdf()))).status).toBe(403)
    expect((await admin.agent.post(`/api/documents/${uploaded.json.id}/sign`)).status).toBe(403)
    const actions = (await db.select().from(audit_logs).all()).map((a) => a.action)
    expect(actions).toContain('documents.list_for_dispute')
    expect(actions).toContain('document.download_for_dispute')
  })
})

describe('uploading', () => {
  test.each([
    ['pdf', pdf(), 'a.pdf', 'application/pdf'],
    ['doc', doc(), 'a.doc', 'application/msword'],
    ['docx', docx(), 'a.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['jpg', jpg(), 'a.jpeg', 'image/jpeg'],
    ['png', png(), 'a.png', 'image/png'],
  ])('accepts %s, typed from its bytes', async (_ext, bytes, name, mime) => {
    const { referrer, operator, referral } = await exchange()
    const res = await upload(operator.agent, referral.id, form(bytes, name, { description: '  Signed intake  ' }, 'application/octet-stream'))
    expect(res.status).toBe(201)
    expect(res.json).toMatchObject({
      file_name: name,
      file_type: mime,
      // Images are kept without their metadata: re-encoded, so their size changes.
      file_size: mime.startsWith('image/') ? expect.any(Number) : bytes.length,
      description: 'Signed intake',
      uploader_role: 'operator',
      uploader_name: 'Rosa Alvarez',
      operator_id: operator.id,
      requires_signature: false,
      mine: true,
    })
    expect(res.json.storage_key).toBeUndefined()
    const seen = (await referrer.agent.get(`/api/referrals/${referral.id}/documents`)).json.items[0]
    expect(seen).toMatchObject({ id: res.json.id, mine: false, uploader_name: 'Rosa Alvarez' })
  })

  test.each([
    ['an HTML page renamed .pdf', enc.encode('<!doctype html><html><script>alert(1)</script></html>'), 'report.pdf', 'application/pdf'],
    ['an executable renamed .png', Uint8Array.from([0x4d, 0x5a, 0x90, 0x00, 0x03, ...new Array(300).fill(0)]), 'photo.png', 'image/png'],
    ['a zip that is not a Word file', zip({ 'notes.txt': 'hello' }), 'letter.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['a GIF', enc.encode('GIF89a\u0001\u0000\u0001\u0000'), 'scan.jpg', 'image/jpeg'],
  ])('refuses %s with 415 and stores nothing', async (_what, bytes, name, type) => {
    const { operator, referral } = await exchange()
    const [rows, files] = [await docCount(), storedFiles()]
    const res = await upload(operator.agent, referral.id, form(bytes, name, {}, type))
    expect(res.status).toBe(415)
    expect(res.json.error.message).toBe('Invalid file type: Please upload a PDF, DOC, DOCX, JPG or PNG file')
    expect([await docCount(), storedFiles()]).toEqual([rows, files])
  })

  test('10 MB is accepted; 10 MB + 1 byte is a 413 with the product’s exact text', async () => {
    const { operator, referral } = await exchange()
    const ok = await upload(operator.agent, referral.id, form(pdf(10 * 1024 * 1024)))
    expect(ok.status).toBe(201)
    const [rows, files] = [await docCount(), storedFiles()]
    const res = await upload(operator.agent, referral.id, form(pdf(10 * 1024 * 1024 + 1)))
    expect(res.status).toBe(413)
    expect(res.json.error.message).toBe('File too large: Please select a file smaller than 10MB')
    expect(await docCount()).toBe(rows)
    const huge = await upload(operator.agent, referral.id, form(pdf(12 * 1024 * 1024)))
    expect(huge.status).toBe(413)
    expect(storedFiles()).toBe(files)
  })

  test('a streamed (chunked) upload is counted as it arrives: over 10 MB stops it with a 413', async () => {
    const { operator, referral } = await exchange()
    const boundary = 'hw-boundary'
    const head = enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`)
    const tail = enc.encode(`\r\n--${boundary}--\r\n`)
    const chunk = pdf(1024 * 1024)
    const [rows, files] = [await docCount(), storedFiles()]
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(head)
        if (sent < 11) controller.enqueue(chunk)
        else {
          controller.enqueue(tail)
          controller.close()
        }
        sent++
      },
    })
    const res = await operator.agent.app.request(
      `/api/referrals/${referral.id}/documents`,
      { method: 'POST', body, headers: { cookie: operator.agent.cookie!, 'content-type': `multipart/form-data; boundary=${boundary}` }, duplex: 'half' } as RequestInit,
    )
    expect(res.status).toBe(413)
    expect(((await res.json()) as any).error.message).toBe('File too large: Please select a file smaller than 10MB')
    expect(sent).toBeLessThan(13)
    expect([await docCount(), storedFiles()]).toEqual([rows, files])
  })

  test('no file is “No file selected”; other bad input is a 4xx, never a 500', async () => {
    const { operator, referral } = await exchange()
    const [before, files] = [await docCount(), storedFiles()]
    for (const f of [form(null), form(new Uint8Array(0))]) {
      const res = await upload(operator.agent, referral.id, f)
      expect(res.status).toBe(422)
      expect(res.json.error.message).toBe('No file selected')
    }
    const longDescription = await upload(operator.agent, referral.id, form(pdf(), 'a.pdf', { description: 'x'.repeat(501) }))
    expect(longDescription.status).toBe(422)
    expect((await upload(operator.agent, referral.id, form(pdf(), 'a.pdf', { requires_signature: 'maybe' }))).status).toBe(422)
    const notMultipart = await operator.agent.post(`/api/referrals/${referral.id}/documents`, { file: 'x' })
    expect(notMultipart.status).toBe(400)
    expect(await docCount()).toBe(before)
    expect(storedFiles()).toBe(files)
  })

  test('file names lose folders and control characters', async () => {
    const { operator, referral } = await exchange()
    const res = await upload(operator.agent, referral.id, form(pdf(), '..\\..\\etc\\pass\twd.pdf'))
    expect(res.json.file_name).toBe('passwd.pdf')
  })

  test('the other party is notified in the bell', async () => {
    const { referrer, operator, referral } = await exchange()
    await upload(operator.agent, referral.id, form(pdf(), 'consent.pdf', { requires_signature: 'true' }))
    const bell = await db.select().from(notifications).where(eq(notifications.user_id, referrer.id)).all()
    expect(bell).toHaveLength(1)
    expect(bell[0]).toMatchObject({ type: 'document', title: 'A document needs your signature', body: 'Rosa Alvarez uploaded a document.' })
  })
})

describe('downloading', () => {
  test('an attachment, never sniffed, with the same bytes; the disclosure is recorded', async () => {
    const { referrer, operator, referral } = await exchange()
    const bytes = pdf(2048)
    const uploaded = await upload(operator.agent, referral.id, form(bytes, 'Intake form – Ünïcode.pdf'))
    const res = await referrer.agent.app.request(`/api/documents/${uploaded.json.id}/download`, { headers: { cookie: referrer.agent.cookie! } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Intake form _ _n_code.pdf"; filename*=UTF-8''${encodeURIComponent('Intake form – Ünïcode.pdf')}`,
    )
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('cache-control')).toContain('no-store')
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes)
    // The referrer's own download is no disclosure, nor is the operator's answer about their own upload.
    const whats = async () => (await db.select().from(disclosures).where(eq(disclosures.referral_id, referral.id)).all()).map((r) => [r.viewer_id, r.what])
    expect(await whats()).toEqual([])
    const own = await operator.agent.app.request(`/api/documents/${uploaded.json.id}/download`, { headers: { cookie: operator.agent.cookie! } })
    expect(own.status).toBe(200)
    expect(await whats()).toEqual([])
    // The referrer's document, downloaded by the operator, is.
    const shared = await upload(referrer.agent, referral.id, form(pdf(512), 'care plan.pdf'))
    expect(await whats()).toEqual([])
    const theirs = await operator.agent.app.request(`/api/documents/${shared.json.id}/download`, { headers: { cookie: operator.agent.cookie! } })
    expect(theirs.status).toBe(200)
    expect(await whats()).toEqual([[operator.id, `document:${shared.json.id}`]])
  })

  test('another referral’s document is a 404, as is an unknown one', async () => {
    const one = await exchange()
    const two = await exchange()
    const doc2 = await upload(two.operator.agent, two.referral.id, form(pdf()))
    expect((await one.referrer.agent.get(`/api/documents/${doc2.json.id}/download`)).status).toBe(404)
    expect((await one.operator.agent.get(`/api/documents/${doc2.json.id}/download`)).status).toBe(404)
    expect((await one.referrer.agent.get(`/api/documents/${crypto.randomUUID()}/download`)).status).toBe(404)
    expect((await anonymous().get(`/api/documents/${doc2.json.id}/download`)).status).toBe(401)
  })
})

describe('sealed at rest, bound to its key (ADR 039)', () => {
  const keyOf = async (id: string) => (await db.select().from(referral_documents).where(eq(referral_documents.id, id)).get())!.storage_key
  const download = (agent: TestAgent, id: string) => agent.app.request(`/api/documents/${id}/download`, { headers: { cookie: agent.cookie! } })

  test('a document of many chunks is stored in chunks (hw2) and streams back whole', async () => {
    const { referrer, operator, referral } = await exchange()
    const bytes = pdf(5 * CHUNK + 123)
    for (let i = 64; i < bytes.length; i += 97) bytes[i] = i % 251
    const uploaded = await upload(operator.agent, referral.id, form(bytes))
    expect(uploaded.status).toBe(201)
    const stored = await storedFile(await keyOf(uploaded.json.id)).bytes()
    expect(Buffer.from(stored.subarray(0, 4)).toString()).toBe('hw2:')
    expect(stored.length).toBeGreaterThan(bytes.length + 6 * 16)
    const res = await download(referrer.agent, uploaded.json.id)
    expect(res.status).toBe(200)
    expect(Buffer.compare(Buffer.from(await res.arrayBuffer()), Buffer.from(bytes))).toBe(0)
  })

  test('a file copied under another document’s key does not open there; the original still does', async () => {
    const { referrer, operator, referral } = await exchange()
    const a = await upload(operator.agent, referral.id, form(pdf(3000), 'a.pdf'))
    const b = await upload(operator.agent, referral.id, form(pdf(4000), 'b.pdf'))
    const [keyA, keyB] = [await keyOf(a.json.id), await keyOf(b.json.id)]
    await writeFile(keyB, await storedFile(keyA).bytes())
    const moved = await download(referrer.agent, b.json.id)
    expect(moved.status).toBe(503)
    expect((await moved.json()).error.code).toBe('sealed_data_unavailable')
    expect((await download(referrer.agent, a.json.id)).status).toBe(200)
  })

  test('a file sealed whole in the first format (hw1) still downloads', async () => {
    const { referrer, operator, referral } = await exchange()
    const uploaded = await upload(operator.agent, referral.id, form(pdf(2000)))
    const bytes = pdf(70_000)
    await writeFile(await keyOf(uploaded.json.id), legacySealedFile(bytes))
    const res = await download(referrer.agent, uploaded.json.id)
    expect(res.status).toBe(200)
    expect(Buffer.compare(Buffer.from(await res.arrayBuffer()), Buffer.from(bytes))).toBe(0)
  })
})

describe('signing', () => {
  test('the other party signs once; it cannot be undone or repeated', async () => {
    const { referrer, operator, referral } = await exchange()
    const uploaded = await upload(operator.agent, referral.id, form(pdf(), 'consent.pdf', { requires_signature: 'true' }))
    expect(uploaded.json).toMatchObject({ requires_signature: true, is_signed: false, can_sign: false })
    const listed = (await referrer.agent.get(`/api/referrals/${referral.id}/documents`)).json.items[0]
    expect(listed.can_sign).toBe(true)

    expect((await operator.agent.post(`/api/documents/${uploaded.json.id}/sign`)).status).toBe(403)
    const signed = await referrer.agent.post(`/api/documents/${uploaded.json.id}/sign`)
    expect(signed.status).toBe(200)
    expect(signed.json).toMatchObject({ is_signed: true, signed_by: referrer.id, signed_by_name: 'Dana Whitfield', can_sign: false })
    expect(signed.json.signed_at).toBeString()

    const again = await referrer.agent.post(`/api/documents/${uploaded.json.id}/sign`)
    expect(again.status).toBe(409)
    expect(again.json.error.code).toBe('already_signed')
    const row = (await db.select().from(referral_documents).where(eq(referral_documents.id, uploaded.json.id)).get())!
    expect(row.signed_at?.toISOString()).toBe(signed.json.signed_at)
    // The uploader hears about it.
    expect((await db.select().from(notifications).where(eq(notifications.user_id, operator.id)).all()).map((n) => n.title)).toEqual(['Document signed'])
  })

  test('a document without a signature request cannot be signed', async () => {
    const { referrer, operator, referral } = await exchange()
    const uploaded = await upload(operator.agent, referral.id, form(pdf()))
    const res = await referrer.agent.post(`/api/documents/${uploaded.json.id}/sign`)
    expect(res.status).toBe(409)
    expect(res.json.error.code).toBe('signature_not_required')
  })
})

describe('live updates', () => {
  test('everyone allowed on the referral hears about new and signed documents; nobody else', async () => {
    const { referrer, operator, referral } = await exchange()
    const interested = await createUser({ roles: ['operator'] })
    await expressInterest(referral.id, interested.id)
    const other = await createUser({ roles: ['operator'] })
    await invite(referral.id, other.id, referrer.id)
    // What those calls announced was committed before the streams open: it is not in them.
    const streams = [referrer, operator, interested, other].map((u) => openStream(u.agent))
    const [sReferrer, sOperator, sInterested, sOther] = await Promise.all(streams)

    const uploaded = await upload(operator.agent, referral.id, form(pdf(), 'consent.pdf', { requires_signature: 'true' }))
    for (const s of [sReferrer, sOperator]) {
      const event = await s!.waitFor((f) => f.data?.type === 'document.created')
      expect(event.data!.data).toEqual({ referral_id: referral.id, document_id: uploaded.json.id, operator_id: operator.id })
    }
    await referrer.agent.post(`/api/documents/${uploaded.json.id}/sign`)
    await sOperator!.waitFor((f) => f.data?.type === 'document.signed')

    // Shared with all operators: the other invited operator hears it, the interested one does not.
    await upload(referrer.agent, referral.id, form(pdf(), 'shared.pdf'))
    await sOther!.waitFor((f) => f.data?.type === 'document.created')
    await sOther!.caughtUp(other.id)
    await sInterested!.caughtUp(interested.id)
    expect(sOther!.events().filter((f) => f.data!.type.startsWith('document.'))).toHaveLength(1)
    expect(sInterested!.events()).toEqual([])
    for (const s of [sReferrer, sOperator, sInterested, sOther]) await s!.close()
  })
})

describe('the operator’s Documents tab', () => {
  test('lists the referrals whose documents the operator may open', async () => {
    const { referrer, operator, referral } = await exchange()
    const interestedOnly = await insertReferral(referrer.id)
    await expressInterest(interestedOnly.id, operator.id)
    const unlockedOne = await insertReferral(referrer.id)
    await unlock(unlockedOne.id, operator.id)
    await upload(operator.agent, referral.id, form(pdf()))
    const res = await operator.agent.get('/api/documents/referrals')
    expect(res.status).toBe(200)
    const items = res.json.items
    expect(items.map((i: any) => i.id).sort()).toEqual([referral.id, unlockedOne.id].sort())
    expect(items.find((i: any) => i.id === referral.id)).toMatchObject({ document_count: 1, client_name: `Eleanor ${referral.client_last_name}` })
    // Two clients of the same name are told apart by when and by whom they were submitted.
    for (const item of items) {
      const [stored] = await db.select().from(referrals).where(eq(referrals.id, item.id)).all()
      expect(item).toMatchObject({ referrer_name: stored!.referrer_name, created_at: stored!.created_at.toISOString() })
      expect(item.referrer_name.length).toBeGreaterThan(0)
    }
  })
})
