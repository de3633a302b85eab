import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import fs from 'node:fs'
import { db } from '../../db/client'
import { referrals, users } from '../../db/schema'
import { CLI_ACTOR } from '../../lib/audit'
import { currentKeyId, decryptBytes, encryptBytes } from '../../lib/crypto'
import { createUser, setupTestDb } from '../../test/setup'
import { rotateKeys } from './rotate-keys'
import { sealedTables } from '../../db/seal-columns'

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
  db.$client.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  return [t.file, `${t.file}-wal`]
    .filter((f) => fs.existsSync(f))
    .map((f) => fs.readFileSync(f).toString('latin1'))
    .join('')
}

describe('care data at rest', () => {
  test('the database file holds no plaintext client name or diagnosis; the owner reads them back', async () => {
    const referrer = await createUser()
    const res = await submit(referrer.agent)
    expect(res.status).toBe(201)
    const raw = rawDatabase()
    expect(raw).not.toContain(FIRST)
    expect(raw).not.toContain(LAST)
    expect(raw).not.toContain('XQ-77')
    expect(raw).not.toContain('1970-05-04')
    const stored = db.$client.query('SELECT client_first_name, client_medical_conditions, legal_current_probation FROM referrals WHERE id = ?').get(res.json.referral.id) as Record<string, string>
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

  test('key rotation re-seals everything under the new key and keeps it readable', async () => {
    const referrer = await createUser()
    const res = await submit(referrer.agent)
    const id = res.json.referral.id
    const admin = await createUser({ roles: ['admin'] })
    const before = currentKeyId()
    const oldFile = encryptBytes(new TextEncoder().encode('document bytes'))
    const result = rotateKeys(CLI_ACTOR)
    expect(result.key_id).not.toBe(before)
    expect(result.referrals).toBeGreaterThanOrEqual(1)
    expect(result.two_factor_secrets).toBeGreaterThanOrEqual(1)
    const row = db.$client.query('SELECT client_medical_conditions FROM referrals WHERE id = ?').get(id) as { client_medical_conditions: string }
    expect(row.client_medical_conditions.split(':')[1]).toBe(result.key_id)
    const secret = db.select({ s: users.totp_secret }).from(users).where(eq(users.id, admin.id)).get()!.s!
    expect(secret.split(':')[1]).toBe(result.key_id)
    expect(db.select().from(referrals).where(eq(referrals.id, id)).get()!.client_medical_conditions).toBe(DIAGNOSIS)
    // Files sealed before the rotation still open (old keys stay in the ring).
    expect(new TextDecoder().decode(decryptBytes(oldFile))).toBe('document bytes')
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
    const doc = db.select().from(referral_documents).all().at(-1)!
    const onDisk = fs.readFileSync(filePath(doc.storage_key)).toString('latin1')
    expect(onDisk.startsWith('hw1:')).toBe(true)
    expect(onDisk).not.toContain('SECRET-DIAGNOSIS-LINE')
    const down = await referrer.agent.request('GET', `/api/documents/${doc.id}/download`)
    expect(down.status).toBe(200)
    expect(down.text).toContain('SECRET-DIAGNOSIS-LINE')
  })
})
