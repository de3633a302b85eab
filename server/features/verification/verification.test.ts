import { describe, expect, test } from 'bun:test'
import fs from 'node:fs'
import { and, eq } from 'drizzle-orm'
import { audit_logs, license_proofs, notifications, profiles } from '../../db/schema'
import { isSealedFile } from '../../lib/sealed-file'
import { filePath } from '../../storage/files'
import { formWith, HTML_BYTES, png } from '../../test/media-fixtures'
import { anonymous, createUser, db, setupTestDb } from '../../test/setup'
import { REJECT_REASON_REQUIRED } from './verification.schemas'

setupTestDb()

const PDF_TEXT = '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n% LICENSE-NUMBER-TX-778899\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'
const pdf = () => new TextEncoder().encode(PDF_TEXT)
const proofForm = (bytes: Uint8Array = pdf(), filename = 'license.pdf') => formWith([{ name: 'file', bytes, filename }])

async function licensedOperator() {
  const username = `lic-${crypto.randomUUID().slice(0, 8)}`
  const u = await createUser({ roles: ['operator'], plan: 'premium', username, licensing_type: 'licensed' })
  return { ...u, username }
}
const profileOf = async (id: string) => (await db.select().from(profiles).where(eq(profiles.id, id)).get())!
const proofsOf = async (id: string) => db.select().from(license_proofs).where(eq(license_proofs.operator_id, id)).all()
const publicBadges = async (username: string) => ((await anonymous().get(`/api/operators/${username}`)).json.badges as { key: string }[]).map((b) => b.key)

async function upload(agent: Awaited<ReturnType<typeof createUser>>['agent'], form = proofForm()) {
  return agent.upload('/api/my/license-proofs', form)
}

describe('uploading license proof', () => {
  test('an operator uploads a PDF: sealed on disk, never public, pending review', async () => {
    const o = await licensedOperator()
    const res = await upload(o.agent)
    expect(res.status).toBe(201)
    expect(res.json).toMatchObject({ verification_status: 'pending', licensing_type: 'licensed' })
    expect(res.json.proofs).toHaveLength(1)
    expect(res.json.proofs[0]).toMatchObject({ file_name: 'license.pdf', file_type: 'application/pdf', status: 'pending', licensing_type: 'licensed' })
    expect(JSON.stringify(res.json)).not.toContain('license-proofs/') // no storage key, no URL
    const [row] = await proofsOf(o.id)
    const bytes = new Uint8Array(fs.readFileSync(filePath(row!.storage_key)))
    expect(isSealedFile(bytes)).toBe(true)
    expect(Buffer.from(bytes).includes(Buffer.from('LICENSE-NUMBER-TX-778899'))).toBe(false)
    expect((await profileOf(o.id)).verification_status).toBe('pending')
    // Not under /media (public files): nothing serves the key publicly.
    expect((await anonymous().get(`/media/${row!.storage_key}`)).status).toBe(404)
    // Pending is not Verified.
    expect(await publicBadges(o.username)).not.toContain('verified')
  })

  test('the type comes from the bytes: a PNG named .pdf is a PNG, an HTML page named .pdf is refused', async () => {
    const o = await licensedOperator()
    const asPng = await upload(o.agent, proofForm(await png(), 'license.pdf'))
    expect(asPng.status).toBe(201)
    expect(asPng.json.proofs[0].file_type).toBe('image/png')
    const html = await upload(o.agent, proofForm(HTML_BYTES, 'license.pdf'))
    expect(html.status).toBe(415)
    expect(html.json.error.message).toBe('Invalid file type: Please upload a PDF, JPG or PNG file')
    expect(await proofsOf(o.id)).toHaveLength(1)
  })

  test('an empty file or no file is a 422, more than 10 MB a 413; nothing is kept', async () => {
    const o = await licensedOperator()
    const empty = await upload(o.agent, proofForm(new Uint8Array(0)))
    expect(empty.status).toBe(422)
    expect(empty.json.error.message).toBe('No file selected')
    const none = new FormData()
    none.append('note', 'no file here')
    expect((await o.agent.upload('/api/my/license-proofs', none)).status).toBe(422)
    const big = new Uint8Array(10 * 1024 * 1024 + 1)
    big.set(pdf())
    expect((await upload(o.agent, proofForm(big))).status).toBe(413)
    expect(await proofsOf(o.id)).toHaveLength(0)
    expect((await profileOf(o.id)).verification_status).toBe('unverified')
    const incoming = filePath('incoming/license-proofs/x.part').replace(/x\.part$/, '')
    expect(fs.existsSync(incoming) ? fs.readdirSync(incoming) : []).toEqual([])
  })

  test('only operators upload: referrers and admins 403, visitors 401', async () => {
    const referrer = await createUser({ roles: ['referrer'] })
    const admin = await createUser({ roles: ['admin'] })
    for (const agent of [referrer.agent, admin.agent]) {
      const res = await upload(agent)
      expect(res.status).toBe(403)
      expect(res.json.error.message).toBe('Only operators upload license proof')
      expect((await agent.get('/api/my/license-proofs')).status).toBe(403)
    }
    expect((await upload(anonymous())).status).toBe(401)
    expect(await db.select().from(license_proofs).where(eq(license_proofs.operator_id, referrer.id)).all()).toHaveLength(0)
  })

  test('a new upload supersedes the proof still waiting: one waits at a time', async () => {
    const o = await licensedOperator()
    await upload(o.agent)
    const second = await upload(o.agent, proofForm(await png(), 'renewed.png'))
    expect(second.status).toBe(201)
    expect(second.json.proofs.map((p: { status: string }) => p.status)).toEqual(['pending', 'superseded'])
    expect((await proofsOf(o.id)).filter((p) => p.status === 'pending')).toHaveLength(1)
  })
})

describe('opening a proof', () => {
  test('its operator and admins download it (admins audited); anyone else gets a 404', async () => {
    const o = await licensedOperator()
    const id = (await upload(o.agent)).json.proofs[0].id as string
    const own = await o.agent.get(`/api/license-proofs/${id}/download`)
    expect(own.status).toBe(200)
    expect(own.text).toBe(PDF_TEXT)
    expect(own.headers.get('content-disposition')).toContain('attachment; filename="license.pdf"')
    expect(own.headers.get('cache-control')).toBe('private, no-store')

    const admin = await createUser({ roles: ['admin'] })
    const opened = await admin.agent.get(`/api/license-proofs/${id}/download`)
    expect(opened.status).toBe(200)
    expect(opened.text).toBe(PDF_TEXT)
    const audit = await db.select().from(audit_logs).where(and(eq(audit_logs.action, 'license_proof.downloaded'), eq(audit_logs.resource_id, id))).all()
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ actor_id: admin.id, ip_address: '203.0.113.7', details: { operator_id: o.id } })

    const other = await licensedOperator()
    const referrer = await createUser({ roles: ['referrer'] })
    for (const agent of [other.agent, referrer.agent]) expect((await agent.get(`/api/license-proofs/${id}/download`)).status).toBe(404)
    expect((await anonymous().get(`/api/license-proofs/${id}/download`)).status).toBe(401)
    expect((await o.agent.get('/api/license-proofs/not-a-uuid/download')).status).toBe(404)
  })

  test("the admin's Operators list shows the proof to check, without its storage key", async () => {
    const o = await licensedOperator()
    const id = (await upload(o.agent)).json.proofs[0].id as string
    const admin = await createUser({ roles: ['admin'] })
    const res = await admin.agent.get('/api/admin/operators')
    const row = res.json.items.find((r: { id: string }) => r.id === o.id)
    expect(row).toMatchObject({ verification_status: 'pending', license_proof: { id, status: 'pending', file_name: 'license.pdf', licensing_type: 'licensed' } })
    expect(JSON.stringify(row)).not.toContain('storage_key')
  })
})

describe('reviewing a proof', () => {
  async function pendingProof() {
    const o = await licensedOperator()
    const id = (await upload(o.agent)).json.proofs[0].id as string
    return { o, id }
  }

  test('only admins decide: operators (even the owner) and referrers 403, visitors 401; nothing changes', async () => {
    const { o, id } = await pendingProof()
    const referrer = await createUser({ roles: ['referrer'] })
    for (const agent of [o.agent, referrer.agent, (await licensedOperator()).agent]) {
      expect((await agent.post(`/api/admin/license-proofs/${id}/decision`, { decision: 'verified' })).status).toBe(403)
    }
    expect((await anonymous().post(`/api/admin/license-proofs/${id}/decision`, { decision: 'verified' })).status).toBe(401)
    expect((await profileOf(o.id)).verification_status).toBe('pending')
    expect((await proofsOf(o.id))[0]!.status).toBe('pending')
  })

  test('verifying makes the operator Verified and, being licensed, State Licensed; audited and notified', async () => {
    const { o, id } = await pendingProof()
    const admin = await createUser({ roles: ['admin'] })
    const res = await admin.agent.post(`/api/admin/license-proofs/${id}/decision`, { decision: 'verified' })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ id, status: 'verified', operator_id: o.id })
    expect((await profileOf(o.id)).verification_status).toBe('verified')
    expect((await proofsOf(o.id))[0]).toMatchObject({ status: 'verified', reviewed_by: admin.id })
    const profile = (await anonymous().get(`/api/operators/${o.username}`)).json
    expect(profile).toMatchObject({ verification_status: 'verified', licensing_type: 'licensed' })
    expect(profile.badges.map((b: { key: string }) => b.key)).toContain('verified')
    expect(await db.select().from(audit_logs).where(and(eq(audit_logs.action, 'license_proof.verified'), eq(audit_logs.resource_id, id))).all()).toHaveLength(1)
    const note = (await db.select().from(notifications).where(eq(notifications.user_id, o.id)).all()).at(-1)
    expect(note).toMatchObject({ type: 'license_verification', title: 'Your license is verified' })

    // Nothing left to prove: a new upload is refused, and the decision cannot be made twice.
    const again = await upload(o.agent)
    expect(again.status).toBe(409)
    expect(again.json.error.message).toBe('Your license is already verified')
    const twice = await admin.agent.post(`/api/admin/license-proofs/${id}/decision`, { decision: 'verified' })
    expect(twice.status).toBe(409)
    expect(twice.json.error.message).toBe('This license proof has already been reviewed')
  })

  test('rejecting needs a reason, which the operator reads; they may then upload again', async () => {
    const { o, id } = await pendingProof()
    const admin = await createUser({ roles: ['admin'] })
    const bare = await admin.agent.post(`/api/admin/license-proofs/${id}/decision`, { decision: 'rejected', reason: '   ' })
    expect(bare.status).toBe(422)
    expect(bare.json.error.fields.reason).toBe(REJECT_REASON_REQUIRED)
    expect((await admin.agent.post(`/api/admin/license-proofs/${id}/decision`, { decision: 'maybe' })).status).toBe(422)
    expect((await proofsOf(o.id))[0]!.status).toBe('pending')

    const res = await admin.agent.post(`/api/admin/license-proofs/${id}/decision`, { decision: 'rejected', reason: 'The license number is unreadable' })
    expect(res.status).toBe(200)
    expect((await profileOf(o.id)).verification_status).toBe('rejected')
    const mine = await o.agent.get('/api/my/license-proofs')
    expect(mine.json).toMatchObject({ verification_status: 'rejected', proofs: [{ id, status: 'rejected', reason: 'The license number is unreadable' }] })
    expect(await publicBadges(o.username)).not.toContain('verified')
    expect((await db.select().from(audit_logs).where(and(eq(audit_logs.action, 'license_proof.rejected'), eq(audit_logs.resource_id, id))).all())[0]!.details).toMatchObject({
      reason: 'The license number is unreadable',
    })
    expect((await upload(o.agent)).status).toBe(201)
    expect((await profileOf(o.id)).verification_status).toBe('pending')
  })

  test('a verified proof can be revoked with a reason; a superseded one cannot be decided', async () => {
    const { o, id } = await pendingProof()
    const admin = await createUser({ roles: ['admin'] })
    await admin.agent.post(`/api/admin/license-proofs/${id}/decision`, { decision: 'verified' })
    const revoked = await admin.agent.post(`/api/admin/license-proofs/${id}/decision`, { decision: 'rejected', reason: 'License expired in May' })
    expect(revoked.status).toBe(200)
    expect((await profileOf(o.id)).verification_status).toBe('rejected')
    expect(await db.select().from(audit_logs).where(and(eq(audit_logs.action, 'license_proof.revoked'), eq(audit_logs.resource_id, id))).all()).toHaveLength(1)

    const first = (await upload(o.agent)).json.proofs[0].id as string
    await upload(o.agent)
    const stale = await admin.agent.post(`/api/admin/license-proofs/${first}/decision`, { decision: 'verified' })
    expect(stale.status).toBe(409)
    expect(stale.json.error.message).toBe('A newer license proof replaced this one')
    expect((await profileOf(o.id)).verification_status).toBe('pending')
    expect((await admin.agent.post('/api/admin/license-proofs/00000000-0000-4000-8000-000000000000/decision', { decision: 'verified' })).status).toBe(404)
  })

  test('changing the licensing type drops the verification: State Licensed needs a proof of the license declared', async () => {
    const o = await createUser({ roles: ['operator'], plan: 'premium', username: `inprog-${crypto.randomUUID().slice(0, 6)}`, licensing_type: 'in_progress' })
    const id = (await upload(o.agent)).json.proofs[0].id as string
    const admin = await createUser({ roles: ['admin'] })
    await admin.agent.post(`/api/admin/license-proofs/${id}/decision`, { decision: 'verified' })
    expect((await profileOf(o.id)).verification_status).toBe('verified')
    const res = await o.agent.patch('/api/my/profile', { licensing_type: 'licensed' })
    expect(res.status).toBe(200)
    expect(res.json.verification_status).toBe('unverified')
    expect((await proofsOf(o.id))[0]!.status).toBe('superseded')
    // Saving the same type again changes nothing.
    await upload(o.agent)
    await o.agent.patch('/api/my/profile', { licensing_type: 'licensed' })
    expect((await profileOf(o.id)).verification_status).toBe('pending')
  })
})
