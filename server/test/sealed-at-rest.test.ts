/**
 * Care data sealed everywhere it goes (ADR 013), tried as an
 * attacker with the data folder in hand would.
 *
 * A referral is submitted with a distinct marker in every field that can hold
 * the client's identity or care data, then a document (marked name,
 * description and content), messages, an invitation note, a tour note and a
 * decline note follow, and every route that shows them is called by the
 * operators and an admin, plus the CLI listings and the e-mail delivery.
 * Then every byte Homeward wrote — uploads, outbox, logs and a fresh backup,
 * unpacked, and on SQLite the database, WAL and SHM after a checkpoint — is
 * scanned: no marker may appear. On PostgreSQL, whose files are the
 * server's, the database is searched through SQL instead: no marker in any
 * text column of any table. On both, every value of a sealed column is
 * ciphertext. Then the files move to a bucket (s3rver, ADR 025), a document
 * is uploaded and read there, a backup is taken from it: no marker in any
 * object of the bucket, as stored, nor in that backup. And the answers that showed a marker to someone other than
 * the referrer must equal the disclosure rows, one for one.
 */
import { afterAll, beforeAll, describe, expect, spyOn, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { closeDatabase, closeHandle, connOf, database, ENGINE, openDatabase, useDatabase, type DB } from '../db/client'
import { disclosures } from '../db/schema'
import { sealedTables } from '../db/seal-columns'
import { sqliteClientOf } from '../db/sqlite'
import { env } from '../env'
import { currentKeyId } from '../lib/crypto'
import { resetAllLimiters } from '../lib/rate-limit'
import { securePrivateDataFolder } from '../storage/data-folder'
import { createUser, db, newTestDatabase, removeTestDatabase, type TestAgent } from './setup'
import { insertReferral, unlockAndPay } from '../features/marketplace/test-fixtures'
import { moveFiles } from '../storage/move'
import { configuredStore, folderStoreOf } from '../storage/storage-config'
import { useFileStore } from '../storage/store'
import { startS3Emulator } from './s3-emulator'

/** Markers: letters only where a field allows no more, all distinct; formatted fields get values found nowhere else. */
const M = {
  first: 'Qzfirstnamemk',
  last: 'Qzlastnamemk',
  dob: '1931-07-29',
  phone: '(555) 013-9171',
  address: 'QzADDRESSmk 7 Hidden Lane',
  city: 'Qzcitymk',
  race: 'QzRACEmk',
  ethnicity: 'QzETHNICITYmk',
  language: 'QzLANGUAGEmk',
  emergencyName: 'Qzemergencymk Person',
  emergencyPhone: '(555) 013-9172',
  emergencyRelation: 'QzRELATIONmk',
  emergencyAddress: 'QzEMERGADDRmk 9 Oak Ave',
  legalContact: 'QzLEGALmk Officer',
  legalPhone: '(555) 013-9173',
  medical: 'QzMEDICALmk heart failure',
  psychiatric: 'QzPSYCHmk bipolar disorder',
  medications: 'QzMEDSmk lithium',
  allergies: 'QzALLERGYmk penicillin',
  provider: 'QzPROVIDERmk clinic',
  doctor: 'QzDOCTORmk Smith',
  doctorPhone: '(555) 013-9174',
  sobriety: 'QzSOBRIETYmk 5 years',
  income: 'QzINCOMEmk social security',
  caseManager: 'QzCASEMGRmk Person',
  caseManagerPhone: '(555) 013-9175',
  agency: 'QzAGENCYmk county',
  source: 'QzSOURCEmk hospital discharge',
  mobility: 'QzMOBILITYmk walker',
  diet: 'QzDIETmk low sodium',
  behavior: 'QzBEHAVIORmk calm',
  notes: 'QzNOTESmk prefers quiet',
  invitation: 'QzINVITEmk please look at this client',
  messageFromReferrer: 'QzMSGREFmk her sister visits on Sundays',
  messageFromOperator: 'QzMSGOPmk we can take her next week',
  documentName: 'Qzdocnamemk care plan',
  documentDescription: 'QzDOCDESCmk signed assessment',
  documentContent: 'QzDOCCONTENTmk diagnosis line',
  operatorDocumentName: 'Qzopdocmk intake',
  payee: 'Qzpayeemk Whitfield',
  payoutDetails: 'QzPAYOUTmk 3 Bank Road',
  tourNote: 'QzTOURNOTEmk needs a ground-floor room',
  declineNote: 'QzDECLINEmk cannot manage the behaviours',
}
const MARKERS = Object.values(M)
/**
 * What an answer may show without a disclosure: what the viewer wrote
 * themselves, and the tour note, which the visitor addresses to that one home
 * and which belongs to no referral (ADR 013). Sealed on disk all the same.
 */
const OWN: Record<string, string[]> = {
  unlocked: [M.operatorDocumentName, M.messageFromOperator, M.tourNote],
  invited: [M.declineNote],
  admin: [],
}
const reveals = (who: string, text: string) => MARKERS.some((m) => !OWN[who]!.includes(m) && text.includes(m))

const referralBody = () => ({
  referrer_name: 'Dana Whitfield',
  referrer_relationship: 'case-manager',
  referrer_email: 'dana.whitfield@agency.example',
  referrer_phone: '(555) 010-0100',
  referral_source: M.source,
  client_first_name: M.first,
  client_last_name: M.last,
  client_dob: M.dob,
  client_gender: 'female',
  client_phone: M.phone,
  client_previous_address: M.address,
  client_city: M.city,
  client_zip: '78704',
  client_marital_status: 'widowed', // a value from a fixed list: sealed, but no marker
  client_race: M.race,
  client_ethnicity: M.ethnicity,
  client_primary_language: M.language,
  preferred_state: 'tx',
  preferred_cities: ['Austin'],
  emergency_contact_name: M.emergencyName,
  emergency_contact_phone: M.emergencyPhone,
  emergency_contact_relationship: M.emergencyRelation,
  emergency_contact_address: M.emergencyAddress,
  legal_pending_cases: true,
  legal_current_probation: 'yes',
  legal_previous_cj_involvement: 'yes',
  legal_cj_contact_name: M.legalContact,
  legal_cj_contact_phone: M.legalPhone,
  client_medical_conditions: M.medical,
  health_psychiatric_conditions: M.psychiatric,
  health_current_medications: M.medications,
  health_allergies: M.allergies,
  health_current_provider: M.provider,
  health_current_doctor: M.doctor,
  health_doctor_phone: M.doctorPhone,
  substance_attends_aa_na: true,
  substance_aa_na_frequency: '2',
  substance_last_use_date: '2020-01-31',
  substance_sobriety_length: M.sobriety,
  income_source: M.income,
  income_people_dependent: 1,
  income_minors_dependent: '0',
  benefits_types: ['SSDI'],
  medicaid_status: 'not-enrolled',
  case_manager_name: M.caseManager,
  case_manager_phone: M.caseManagerPhone,
  case_manager_agency: M.agency,
  requires_wheelchair_accessible: false,
  requires_pet_friendly: false,
  requires_private_room: false,
  requires_medical_care_24_7: false,
  requires_sex_offender_friendly: false,
  budget_range: '$3,000-$4,000',
  client_mobility_needs: M.mobility,
  client_dietary_restrictions: M.diet,
  client_behavioral_notes: M.behavior,
  additional_notes: M.notes,
})

const pdf = (line: string) => new TextEncoder().encode(`%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n% ${line}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`)

// ─── a private data folder for this file ─────────────────────────────────────

const previousDataDir = env.DATA_DIR
/** The run's template on PostgreSQL: this file points DATABASE_URL at its own database, as an agency's server would. */
const previousDatabaseUrl = env.DATABASE_URL
/** This file's database: DATA_DIR/homeward.db on SQLite, a database of its own on PostgreSQL. */
let target = ''
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-sealed-'))
const dataDir = path.join(dir, 'data')
const logs: string[] = []

beforeAll(async () => {
  // The run's key ring is made (if no earlier file made it) in the run's data folder, where the other files look for it, before this file moves away.
  currentKeyId()
  env.DATA_DIR = dataDir
  // An existing data folder as an older version left it (0755, database 0644); boot() tightens it and sets umask 077.
  fs.mkdirSync(dataDir, { mode: 0o755 })
  if (ENGINE === 'postgres') {
    target = await newTestDatabase()
    env.DATABASE_URL = target
  } else {
    target = path.join(dataDir, 'homeward.db')
    fs.copyFileSync(process.env.HOMEWARD_TEMPLATE_DB!, target)
    fs.chmodSync(target, 0o644)
  }
  // The key ring travels with the data.
  fs.copyFileSync(path.join(path.resolve(previousDataDir), 'keys.json'), path.join(dataDir, 'keys.json'))
  securePrivateDataFolder(dataDir)
  useDatabase(await openDatabase(target))
  await resetAllLimiters(db)
  for (const method of ['log', 'info', 'warn', 'error'] as const) {
    spyOn(console, method).mockImplementation((...args: unknown[]) => void logs.push(args.map(String).join(' ')))
  }
})

afterAll(async () => {
  await closeDatabase()
  if (ENGINE === 'postgres') await removeTestDatabase(target)
  env.DATA_DIR = previousDataDir
  env.DATABASE_URL = previousDatabaseUrl
  fs.rmSync(dir, { recursive: true, force: true })
})

/** Every answer an operator or an admin received: whether it showed a marker, and the disclosure rows it wrote. */
const answers: Array<{ who: string; path: string; reveals: boolean; rows: number }> = []
/** Disclosure rows so far (none is ever deleted here): the difference across a request is the rows it wrote. */
const disclosureCount = async () => Number((await connOf(db).all<{ n: number }>('SELECT count(*) AS n FROM disclosures'))[0]!.n)

type Party = { id: string; agent: TestAgent }
async function as(who: string, party: Party, method: string, url: string, opts: { body?: unknown; form?: FormData } = {}) {
  const before = await disclosureCount()
  const res = await party.agent.request(method, url, opts)
  if (res.status >= 300) throw new Error(`${who} ${method} ${url} → ${res.status} ${res.text.slice(0, 300)}`)
  const rows = (await disclosureCount()) - before
  if (who !== 'referrer') answers.push({ who, path: `${method} ${url}`, reveals: reveals(who, res.text), rows })
  else expect(rows).toBe(0)
  return res
}

function filesUnder(root: string): string[] {
  return fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name))
}

function markersIn(text: string) {
  return MARKERS.filter((m) => text.includes(m))
}

/** PostgreSQL: every text-like column of every table searched for every marker, through SQL ("table.column: marker"). */
async function markersInPostgres(handle: DB) {
  const conn = connOf(handle)
  const columns = await conn.all<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'character', 'json', 'jsonb')
      ORDER BY table_name, column_name`,
  )
  expect(columns.length).toBeGreaterThan(50) // the search really covers the schema
  const found: string[] = []
  for (const { table_name, column_name } of columns) {
    const hits = await conn.all<{ marker: string }>(
      `SELECT DISTINCT m.marker FROM "${table_name}" t, unnest($1::text[]) AS m(marker) WHERE strpos(t."${column_name}"::text, m.marker) > 0`,
      [MARKERS],
    )
    for (const { marker } of hits) found.push(`${table_name}.${column_name}: ${marker}`)
  }
  return found
}

/** Every value of every sealed column that is not ciphertext ("table.column"), and how many sealed values there are. */
async function clearSealedValues(handle: DB) {
  const conn = connOf(handle)
  const clear: string[] = []
  let sealed = 0
  for (const { table, columns } of sealedTables()) {
    for (const column of columns) {
      const [row] = await conn.all<{ n: number; clear: number }>(
        `SELECT count("${column.name}") AS n, count(CASE WHEN substr("${column.name}", 1, 4) <> 'hw1:' THEN 1 END) AS clear FROM "${table}"`,
      )
      sealed += Number(row!.n)
      if (Number(row!.clear)) clear.push(`${table}.${column.name}`)
    }
  }
  return { clear, sealed }
}

describe('care data sealed everywhere it goes', () => {
  test('no marker on disk, in the logs or in a backup; every revealing answer wrote one disclosure', async () => {
    const referrer = await createUser({ roles: ['referrer'] })
    const unlocked = await createUser({ roles: ['operator'], plan: 'premium', licensing_type: 'licensed' })
    const invited = await createUser({ roles: ['operator'], plan: 'premium' })
    const admin = await createUser({ roles: ['admin'] })

    // A home in Austin for matching and a tour.
    const property = await as('unlocked', unlocked, 'POST', '/api/my/properties', {
      body: { name: 'Oak House', address: '12 Main Street', city: 'Austin', state: 'tx', zip_code: '78704', description: 'A calm home.', total_beds: 6, available_beds: 2, monthly_fee: 3200, license_number: 'LIC-1' },
    })
    const propertyId = property.json.property.id as string

    // The referral, the invitation, the unlock.
    const submitted = await as('referrer', referrer, 'POST', '/api/referrals', { body: referralBody() })
    const referralId = submitted.json.referral.id as string
    await as('referrer', referrer, 'POST', '/api/invitations', { body: { referral_id: referralId, operator_id: invited.id, message: M.invitation } })
    await as('unlocked', unlocked, 'POST', `/api/referrals/${referralId}/interest`)
    await unlockAndPay(unlocked.agent, referralId)

    // Messages both ways.
    const conversations = await as('unlocked', unlocked, 'GET', `/api/conversations?referral_id=${referralId}&as=operator`)
    const conversationId = conversations.json.items[0].id as string
    await as('referrer', referrer, 'POST', `/api/conversations/${conversationId}/messages`, { body: { message_text: M.messageFromReferrer } })
    await as('unlocked', unlocked, 'POST', `/api/conversations/${conversationId}/messages`, { body: { message_text: M.messageFromOperator } })

    // Documents: the referrer's, shared with every operator who may see the referral; the operator's own.
    const shared = new FormData()
    shared.append('file', new File([pdf(M.documentContent)], `${M.documentName}.pdf`, { type: 'application/pdf' }))
    shared.append('description', M.documentDescription)
    const document = await as('referrer', referrer, 'POST', `/api/referrals/${referralId}/documents`, { form: shared })
    const own = new FormData()
    own.append('file', new File([pdf('operator intake form')], `${M.operatorDocumentName}.pdf`, { type: 'application/pdf' }))
    await as('unlocked', unlocked, 'POST', `/api/referrals/${referralId}/documents`, { form: own })

    // A tour request with a note about the client.
    await as('referrer', referrer, 'POST', '/api/tours', {
      body: {
        property_id: propertyId,
        visitor_name: 'Dana Whitfield',
        visitor_email: 'dana.whitfield@agency.example',
        visitor_phone: '(555) 010-0100',
        scheduled_date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
        scheduled_time: '10:30',
        notes: M.tourNote,
      },
    })

    // Where the referrer wants her referral fees paid (ADR 044): financial data, sealed like care data.
    await as('referrer', referrer, 'PUT', '/api/me/payout-details', { body: { method: 'check', payee_name: M.payee, details: M.payoutDetails } })

    // Everything the two operators and the admin read about it.
    for (const [who, party] of [['unlocked', unlocked], ['invited', invited], ['admin', admin]] as const) {
      await as(who, party, 'GET', `/api/referrals/${referralId}`)
      await as(who, party, 'GET', `/api/conversations?referral_id=${referralId}`)
      await as(who, party, 'GET', `/api/referrals/${referralId}/documents`)
      await as(who, party, 'GET', `/api/documents/${document.json.id}/download`)
      await as(who, party, 'GET', '/api/notifications')
    }
    for (const [who, party] of [['unlocked', unlocked], ['invited', invited]] as const) {
      await as(who, party, 'GET', `/api/marketplace/referrals/${referralId}`)
      await as(who, party, 'GET', '/api/marketplace/referrals?per_page=100')
      await as(who, party, 'GET', '/api/conversations')
      await as(who, party, 'GET', '/api/documents/referrals')
      await as(who, party, 'GET', '/api/my/invitations')
      await as(who, party, 'GET', '/api/my/interests')
      await as(who, party, 'GET', '/api/my/tours')
    }
    await as('unlocked', unlocked, 'GET', `/api/conversations/${conversationId}/messages`)
    await as('admin', admin, 'GET', `/api/conversations/${conversationId}/messages`)
    for (const url of ['/api/admin/referrals', '/api/admin/escrow', '/api/admin/audit-logs', '/api/admin/outbox', '/api/admin/operators.csv', '/api/admin/referrers.csv']) {
      await as('admin', admin, 'GET', url)
    }
    // "Not a fit", with a note about the client.
    await as('invited', invited, 'POST', `/api/referrals/${referralId}/decline`, { body: { reason: 'other', note: M.declineNote } })

    // The referrer's accounting: every viewer, grouped, with the number of times.
    const own_view = await as('referrer', referrer, 'GET', `/api/referrals/${referralId}`)
    const rows = await db.select().from(disclosures).where(eq(disclosures.referral_id, referralId)).all()
    const revealing = answers.filter((a) => a.reveals)
    expect(revealing.length).toBeGreaterThan(10) // the markers really travel to the viewers
    // One row per revealing answer, none for the others: listed by route when it fails.
    expect(answers.filter((a) => a.rows !== (a.reveals ? 1 : 0)).map((a) => `${a.who} ${a.path}: reveals ${a.reveals}, ${a.rows} row(s)`)).toEqual([])
    expect(rows.length).toBe(revealing.length)
    for (const who of ['unlocked', 'invited', 'admin'] as const) {
      const viewerId = { unlocked: unlocked.id, invited: invited.id, admin: admin.id }[who]
      expect(rows.filter((r) => r.viewer_id === viewerId).length).toBe(revealing.filter((a) => a.who === who).length)
    }
    const log = own_view.json.access_log as Array<{ viewer_role: string; count: number }>
    expect(log.reduce((n, g) => n + g.count, 0)).toBe(rows.length)
    expect(log.map((g) => g.viewer_role).sort()).toEqual(['admin', 'operator', 'operator'])

    // The CLI's listings (initials only) and the e-mail delivery (.eml files in the outbox).
    const { listSummaries } = await import('../cli/referrals.actions')
    const { listHeld } = await import('../cli/escrow.actions')
    // Each starts the way the command does (boot() opens the database again): its handle is closed after.
    const mine = database()
    for (const list of [() => listSummaries({}), () => listHeld({})]) {
      await list()
      if (database() !== mine) await closeHandle(database())
      useDatabase(mine)
    }
    const { deliverOutbox } = await import('../mail/mail.jobs')
    await deliverOutbox(database(), 500)
    expect(filesUnder(path.join(dataDir, 'outbox')).length).toBeGreaterThan(0)

    // The backup, unpacked.
    const { createBackup } = await import('../cli/backup')
    const archive = path.join(dir, 'backup.tar.gz')
    await createBackup(archive)
    const unpacked = path.join(dir, 'unpacked')
    fs.mkdirSync(unpacked)
    expect(Bun.spawnSync(['tar', '-xzf', archive, '-C', unpacked]).exitCode).toBe(0)

    // Every byte written: on SQLite the WAL is checkpointed into the database, and the WAL itself is read too.
    if (ENGINE === 'sqlite') sqliteClientOf(db).exec('PRAGMA wal_checkpoint(PASSIVE)')
    const found: string[] = ENGINE === 'postgres' ? await markersInPostgres(db) : []
    for (const file of [...filesUnder(dataDir), ...filesUnder(unpacked)]) {
      for (const marker of markersIn(fs.readFileSync(file).toString('latin1'))) found.push(`${path.relative(dir, file)}: ${marker}`)
    }
    for (const marker of markersIn(logs.join('\n'))) found.push(`log: ${marker}`)
    expect(found).toEqual([])
    if (ENGINE === 'sqlite') expect(filesUnder(dataDir).some((f) => f.endsWith('homeward.db-wal'))).toBe(true)
    // Every sealed value in the database is ciphertext, on either engine.
    const { clear, sealed } = await clearSealedValues(db)
    expect(clear).toEqual([])
    expect(sealed).toBeGreaterThan(30)
    expect(filesUnder(path.join(dataDir, 'uploads')).length).toBeGreaterThanOrEqual(2)

    // Owner-only: every file 0600, every folder 0700.
    const loose: string[] = []
    for (const entry of fs.readdirSync(dataDir, { recursive: true, withFileTypes: true })) {
      const full = path.join(entry.parentPath, entry.name)
      const mode = fs.statSync(full).mode & 0o777
      if (mode !== (entry.isDirectory() ? 0o700 : 0o600)) loose.push(`${path.relative(dataDir, full)} ${mode.toString(8)}`)
    }
    expect(loose).toEqual([])
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600)
  }, 60_000)

  test('in a bucket too: no marker in any object as stored, nor in a backup taken from it', async () => {
    const s3 = await startS3Emulator()
    const bucket = s3.store('sealed')
    try {
      // What the scenario above stored, moved as `homeward storage move` does; then the site runs on the bucket.
      const moved = await moveFiles(folderStoreOf(() => dataDir), bucket)
      expect(moved.files).toBeGreaterThanOrEqual(2)
      useFileStore(bucket)
      const referrer = await createUser({ roles: ['referrer'] })
      const referral = await insertReferral(referrer.id)
      const form = new FormData()
      form.append('file', new File([pdf(M.documentContent)], `${M.documentName}.pdf`, { type: 'application/pdf' }))
      form.append('description', M.documentDescription)
      const uploaded = await referrer.agent.upload(`/api/referrals/${referral.id}/documents`, form)
      expect(uploaded.status).toBe(201)
      const read = await referrer.agent.get(`/api/documents/${uploaded.json.id}/download`)
      expect(read.text).toContain(M.documentContent) // the marker really went into the bucket, sealed

      const { createBackup } = await import('../cli/backup')
      const archive = path.join(dir, 'bucket-backup.tar.gz')
      await createBackup(archive)
      const unpacked = path.join(dir, 'bucket-unpacked')
      fs.mkdirSync(unpacked)
      expect(Bun.spawnSync(['tar', '-xzf', archive, '-C', unpacked]).exitCode).toBe(0)
      expect(filesUnder(path.join(unpacked, 'files', 'uploads')).length).toBe(moved.files + 1)

      const objects = s3.objects()
      expect(objects.length).toBe(moved.files + 1)
      const found: string[] = []
      for (const { name, bytes } of objects) for (const marker of markersIn(bytes.toString('latin1'))) found.push(`bucket ${path.basename(name)}: ${marker}`)
      for (const file of filesUnder(unpacked)) for (const marker of markersIn(fs.readFileSync(file).toString('latin1'))) found.push(`${path.relative(dir, file)}: ${marker}`)
      expect(found).toEqual([])
    } finally {
      useFileStore(configuredStore())
      await s3.stop()
    }
  }, 60_000)
})
