import { describe, expect, test } from 'bun:test'
import { eq, sql } from 'drizzle-orm'
import fs from 'node:fs'
import { ENGINE } from '../../db/client'
import { row, rows } from '../../db/raw'
import { sqliteClientOf } from '../../db/sqlite'
import { transaction } from '../../db/unit-of-work'
import { referrals, users } from '../../db/schema'
import { CLI_ACTOR } from '../../lib/audit'
import { currentKeyId } from '../../lib/crypto'
import { openFileBytes, sealFileBytes } from '../../lib/sealed-file'
import { createUser, db, setupTestDb } from '../../test/setup'
import { rotateKeys } from './rotate-keys'
import { sealedTables } from '../../db/seal-columns'
import { eventually } from '../../test/eventually'

const SEALED_REFERRAL_COLUMNS = sealedTables().find((t) => t.table === 'referrals')!.columns.map((c) => c.name)

const t = setupTestDb()

const FIRST = 'Zebulonia'
const LAST = 'Quartermaine'
const DIAGNOSIS = 'Schizoaffective disorder with rare marker XQ-77'

function submit(agent: Awaited<ReturnType<typeof createUser>>['agent']) {
  return agent.post('/api/referrals', {
    referrer_name: 'Casey Manager',
    referrer_relationship: 'case-manager',
    referrer_email: 'casey@example.com',
    referrer_phone: '(555) 123-4567',
    client_first_name: FIRST,
    client_last_name: LAST,
    client_dob: '1970-05-04',
    client_gender: 'female',
    preferred_state: 'TX',
    preferred_cities: ['Austin'],
    budget_range: '$2,000-$3,000',
    client_medical_conditions: DIAGNOSIS,
    legal_current_probation: true,
    income_people_dependent: 2,
    benefits_types: ['SSI'],
  })
}

/** Every byte SQLite has on disk for this database (main file and WAL). */
function rawDatabase() {
  sqliteClientOf(db).exec('PRAGMA wal_checkpoint(TRUNCATE)')
  return [t.file, `${t.file}-wal`]
    .filter((f) => fs.existsSync(f))
    .map((f) => fs.readFileSync(f).toString('latin1'))
    .join('')
}

describe('care data at rest', () => {
  // The file's bytes: SQLite only (PostgreSQL keeps its data outside DATA_DIR).
  test('every stored column of the referral row is sealed or free of the care data; the owner reads them back (both engines)', async () => {
    const referrer = await createUser()
    const res = await submit(referrer.agent)
    expect(res.status).toBe(201)
    // A raw read returns the values as stored (the query builder's column mappers would open them).
    const stored = JSON.stringify(await row(db, sql`SELECT * FROM referrals WHERE id = ${res.json.referral.id}`))
    for (const plain of [FIRST, LAST, 'XQ-77', '1970-05-04']) expect(stored).not.toContain(plain)
    expect(stored).toContain('hw1:')
    const full = await referrer.agent.get(`/api/referrals/${res.json.referral.id}`)
    expect(full.json.referral).toMatchObject({ client_first_name: FIRST, client_last_name: LAST, client_medical_conditions: DIAGNOSIS, client_dob: '1970-05-04' })
  })

  test.if(ENGINE === 'sqlite')('the database file holds no plaintext client name or diagnosis; the owner reads them back (SQLite only: PostgreSQL keeps its files outside DATA_DIR)', async () => {
    const referrer = await createUser()
    const res = await submit(referrer.agent)
    expect(res.status).toBe(201)
    const raw = rawDatabase()
    expect(raw).not.toContain(FIRST)
    expect(raw).not.toContain(LAST)
    expect(raw).not.toContain('XQ-77')
    expect(raw).not.toContain('1970-05-04')
    const stored = (await row<Record<string, string>>(db, sql`SELECT client_first_name, client_medical_conditions, legal_current_probation FROM referrals WHERE id = ${res.json.referral.id}`))!
    expect(stored.client_first_name).toStartWith('hw1:')
    expect(stored.legal_current_probation).toStartWith('hw1:')
    const full = await referrer.agent.get(`/api/referrals/${res.json.referral.id}`)
    expect(full.json.referral).toMatchObject({
      client_first_name: FIRST,
      client_medical_conditions: DIAGNOSIS,
      legal_current_probation: true,
      income_people_dependent: 2,
      benefits_types: ['SSI'],
    })
  })

  test('the sealed columns cover names, birth date, health, legal, substance, income and contact fields', () => {
    for (const column of ['client_first_name', 'client_last_name', 'client_dob', 'client_phone', 'client_zip', 'emergency_contact_phone', 'legal_pending_cases', 'client_medical_conditions', 'health_psychiatric_conditions', 'health_current_medications', 'health_allergies', 'substance_attends_aa_na', 'substance_last_use_date', 'income_source', 'benefits_types', 'client_behavioral_notes', 'additional_notes']) {
      expect(SEALED_REFERRAL_COLUMNS).toContain(column as never)
    }
    for (const clear of ['preferred_state', 'preferred_cities', 'budget_range', 'client_age', 'client_gender', 'requires_pet_friendly', 'status']) {
      expect(SEALED_REFERRAL_COLUMNS).not.toContain(clear as never)
    }
  })

  test('beyond referrals: messages, invitation notes, notifications, document names, tour, decline and closing notes are sealed', () => {
    const sealed = Object.fromEntries(sealedTables().map((t) => [t.table, t.columns.map((c) => c.name)]))
    expect(sealed).toMatchObject({
      messages: ['message_text'],
      invitations: ['message'],
      notifications: ['body'],
      referral_documents: expect.arrayContaining(['file_name', 'description']),
      tour_schedules: expect.arrayContaining(['notes']),
      referral_declines: expect.arrayContaining(['note']),
    })
    expect(sealed.referrals).toContain('referral_source')
  })

  // An older version's SQLite file (PRAGMA user_version): a PostgreSQL database never held clear values.
  test.if(ENGINE === 'sqlite')('values an older version kept in clear are sealed once at start (SQLite only: a PostgreSQL database never held clear values)', async () => {
    const { sealClearValues, SEALED_SCHEMA_VERSION } = await import('../../db/seal-columns')
    const referrer = await createUser()
    const res = await submit(referrer.agent)
    const id = res.json.referral.id
    await rows(db, sql`UPDATE referrals SET client_last_name = 'Oldclearname', referral_source = 'Old clear source' WHERE id = ${id}`)
    sqliteClientOf(db).exec('PRAGMA user_version = 0')
    expect(await sealClearValues(db)).toMatchObject({ referrals: 1 })
    const sealed = (await row<Record<string, string>>(db, sql`SELECT client_last_name, referral_source FROM referrals WHERE id = ${id}`))!
    expect(sealed.client_last_name).toStartWith('hw1:')
    expect(sealed.referral_source).toStartWith('hw1:')
    expect((await db.select().from(referrals).where(eq(referrals.id, id)).get())!.client_last_name).toBe('Oldclearname')
    expect((sqliteClientOf(db).query('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(SEALED_SCHEMA_VERSION)
    expect(await sealClearValues(db)).toBeNull() // once
    // Nothing of the clear values is left in free pages or the WAL.
    expect(rawDatabase()).not.toContain('Oldclearname')
    expect(rawDatabase()).not.toContain('Old clear source')
  })

  test('key rotation re-seals everything under the new key and keeps it readable', async () => {
    const referrer = await createUser()
    const res = await submit(referrer.agent)
    const id = res.json.referral.id
    const admin = await createUser({ roles: ['admin'] })
    const before = currentKeyId()
    const oldFile = sealFileBytes('referral-documents/r/old', new TextEncoder().encode('document bytes'))
    const { notify } = await import('../notifications/notify')
    await transaction(db, (tx) => notify(tx, referrer.id, { type: 'test', title: 'Hello', body: 'A sealed body' }))
    const result = await rotateKeys(db, CLI_ACTOR)
    expect(result.key_id).not.toBe(before)
    // Every sealed column of every table, not only the referral's.
    expect(result.rows).toMatchObject({ referrals: expect.any(Number), notifications: expect.any(Number) })
    const body = (await row<{ body: string }>(db, sql`SELECT body FROM notifications WHERE user_id = ${referrer.id}`))!
    expect(body.body.split(':')[1]).toBe(result.key_id)
    expect(result.referrals).toBeGreaterThanOrEqual(1)
    expect(result.two_factor_secrets).toBeGreaterThanOrEqual(1)
    const sealed = (await row<{ client_medical_conditions: string }>(db, sql`SELECT client_medical_conditions FROM referrals WHERE id = ${id}`))!
    expect(sealed.client_medical_conditions.split(':')[1]).toBe(result.key_id)
    const secret = (await db.select({ s: users.totp_secret }).from(users).where(eq(users.id, admin.id)).get())!.s!
    expect(secret.split(':')[1]).toBe(result.key_id)
    expect((await db.select().from(referrals).where(eq(referrals.id, id)).get())!.client_medical_conditions).toBe(DIAGNOSIS)
    // Files sealed before the rotation still open (old keys stay in the ring).
    expect(new TextDecoder().decode(await openFileBytes('referral-documents/r/old', oldFile))).toBe('document bytes')
    // The admin can still sign in with two-factor (secret readable).
    expect((await admin.agent.get(`/api/referrals/${id}`)).json.referral.client_last_name).toBe(LAST)
  })
})

describe('documents at rest', () => {
  test('an uploaded document is encrypted on disk and downloads as the original bytes', async () => {
    const { referral_documents } = await import('../../db/schema')
    const { filePath } = await import('../../storage/files')
    const referrer = await createUser()
    const res = await submit(referrer.agent)
    const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\nSECRET-DIAGNOSIS-LINE\ntrailer << >>\n%%EOF\n')
    const form = new FormData()
    form.append('file', new File([pdf], 'assessment.pdf', { type: 'application/pdf' }))
    form.append('description', 'Assessment')
    const up = await referrer.agent.upload(`/api/referrals/${res.json.referral.id}/documents`, form)
    expect(up.status).toBe(201)
    const doc = (await db.select().from(referral_documents).all()).at(-1)!
    const onDisk = fs.readFileSync(filePath(doc.storage_key)).toString('latin1')
    expect(onDisk.startsWith('hw2:')).toBe(true)
    expect(onDisk).not.toContain('SECRET-DIAGNOSIS-LINE')
    const down = await referrer.agent.request('GET', `/api/documents/${doc.id}/download`)
    expect(down.status).toBe(200)
    expect(down.text).toContain('SECRET-DIAGNOSIS-LINE')
  })
})

describe('keys reseal: files in an older form rewritten bound to their keys', () => {
  test('old files (hw1, clear) become hw2 with the same bytes, current ones are left alone, a second run changes nothing; uploads meanwhile are kept', async () => {
    const { referral_documents } = await import('../../db/schema')
    const { storedFile, writeFile } = await import('../../storage/files')
    const { legacySealedFile } = await import('../../test/legacy-seal')
    const { resealOldFiles } = await import('./reseal-files')
    const referrer = await createUser()
    const res = await submit(referrer.agent)
    const referralId = res.json.referral.id
    const pdf = (n: number) => new TextEncoder().encode(`%PDF-1.4\nRESEAL-${n}-${'x'.repeat(70_000 + n)}\n%%EOF\n`)
    const upload = (n: number) => {
      const form = new FormData()
      form.append('file', new File([pdf(n)], `doc-${n}.pdf`, { type: 'application/pdf' }))
      return referrer.agent.upload(`/api/referrals/${referralId}/documents`, form)
    }
    const ids: string[] = []
    for (let n = 0; n < 4; n++) ids.push((await upload(n)).json.id)
    const keyOf = async (id: string) => (await db.select().from(referral_documents).where(eq(referral_documents.id, id)).get())!.storage_key
    // Two stored the old way (sealed whole), one in clear (before sealing), one current.
    await writeFile(await keyOf(ids[0]!), legacySealedFile(pdf(0)))
    await writeFile(await keyOf(ids[1]!), legacySealedFile(pdf(1)))
    await writeFile(await keyOf(ids[2]!), pdf(2))
    const currentBefore = await storedFile(await keyOf(ids[3]!)).bytes()

    // Uploads go on while it runs (as beside a running server).
    const [result, ...meanwhile] = await Promise.all([resealOldFiles(db), upload(4), upload(5)])
    expect(meanwhile.map((m) => m.status)).toEqual([201, 201])
    expect(result.files).toBe(3)
    for (const id of ids.slice(0, 3)) expect(Buffer.from((await storedFile(await keyOf(id)).bytes()).subarray(0, 4)).toString()).toBe('hw2:')
    expect(Buffer.compare(Buffer.from(await storedFile(await keyOf(ids[3]!)).bytes()), Buffer.from(currentBefore))).toBe(0)
    for (const [n, id] of [...ids, ...meanwhile.map((m) => m.json.id as string)].entries()) {
      const down = await referrer.agent.request('GET', `/api/documents/${id}/download`)
      expect({ n, status: down.status, same: down.text === new TextDecoder().decode(pdf(n)) }).toEqual({ n, status: 200, same: true })
    }
    // Run again (as after an interruption): nothing left to rewrite; these six (and any earlier test's files) are current.
    const again = await resealOldFiles(db)
    expect(again.files).toBe(0)
    expect(again.current).toBeGreaterThanOrEqual(6)
  })
})

describe('sealed data that cannot be opened', () => {
  test('a value sealed with a key the ring lacks is a clear 503 naming the column and key; the log never holds the value', async () => {
    const { spyOn } = await import('bun:test')
    const referrer = await createUser()
    const res = await submit(referrer.agent)
    const id = res.json.referral.id
    // As if keys.json had been replaced: the row's key is not in the ring.
    const stored = (await row<{ client_last_name: string }>(db, sql`SELECT client_last_name FROM referrals WHERE id = ${id}`))!
    const foreign = stored.client_last_name.replace(/^hw1:[^:]+:/, 'hw1:0123456789ab:')
    await rows(db, sql`UPDATE referrals SET client_last_name = ${foreign} WHERE id = ${id}`)
    const lines: string[] = []
    const spy = spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')))
    const answer = await referrer.agent.get(`/api/referrals/${id}`)
    spy.mockRestore()
    expect(answer.status).toBe(503)
    expect(answer.json.error.code).toBe('sealed_data_unavailable')
    expect(answer.json.error.message).toContain('encryption key')
    const log = lines.join('\n')
    expect(log).toContain(`/api/referrals/${id}`)
    expect(log).toContain('client_last_name')
    expect(log).toContain('0123456789ab')
    expect(log).not.toContain(foreign.split(':')[3]!)
    expect(log).not.toContain(LAST)
  })
})

describe('uploads in progress', () => {
  test('a document is never in clear on disk, not even while it arrives', async () => {
    const path = await import('node:path')
    const { dataDir } = await import('../../env')
    const referrer = await createUser()
    const res = await submit(referrer.agent)
    const boundary = 'b0undary'
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="plan.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\nSTREAMED-CARE-LINE `
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode(head + 'x'.repeat(200_000)))
        await held // the rest arrives later: the upload is in progress meanwhile
        controller.enqueue(new TextEncoder().encode(`\n%%EOF\n\r\n--${boundary}--\r\n`))
        controller.close()
      },
    })
    const pending = referrer.agent.app.request(
      `/api/referrals/${res.json.referral.id}/documents`,
      { method: 'POST', body, headers: { cookie: referrer.agent.cookie!, 'content-type': `multipart/form-data; boundary=${boundary}` }, duplex: 'half' } as RequestInit,
      { requestIP: () => ({ address: '203.0.113.7', family: 'IPv4', port: 5000 }) },
    )
    const incoming = path.join(dataDir(), (await import('../../storage/files')).UPLOADS_IN_PROGRESS_DIR)
    const partial = () =>
      eventually('the upload to reach the disk', () => {
        const files = fs.existsSync(incoming) ? fs.readdirSync(incoming, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()) : []
        const file = files[0] && path.join(files[0].parentPath, files[0].name)
        return file && fs.statSync(file).size > 100_000 ? file : null
      })
    const onDisk = fs.readFileSync(await partial()).toString('latin1')
    expect(onDisk.startsWith('hw2:')).toBe(true)
    expect(onDisk).not.toContain('STREAMED-CARE-LINE')
    expect(onDisk).not.toContain('xxxxxxxx')
    release()
    expect((await pending).status).toBe(201)
  })
})
