/**
 * docs/fhir-api.md, run: its `bin/homeward fhir-clients add` registers the system (the same options, through
 * the registry the CLI calls), and every `curl` of its sh blocks is asked of the app in order — the token
 * request with an assertion signed here, then the polls, reads and the cancellation with the token it gave —
 * against a referral with a document that a home unlocked. Each must answer 200; a FHIR answer must be
 * valid R4, and hold every field of the sample answer that follows it (a json block), by name and type.
 */
import { expect, test } from 'bun:test'
import fs from 'node:fs'
import path from 'node:path'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { CLI_ACTOR } from '../../../lib/audit'
import { clock } from '../../../lib/clock'
import { anonymous, createUser, db, setupTestDb } from '../../../test/setup'
import { premiumOperator, unlockAndPay } from '../../marketplace/test-fixtures'
import { addClient, tokenUrl } from '../../systems'
import { validateR4 } from '../r4-validator'
import { binaryId, stableId } from '../stable-id'
import { taskId } from '../task-resource'
import { submitReferral } from './rest-fixtures'

setupTestDb()

type Block = { lang: string; body: string }

/** A shell line's words: quotes ('…', "…") kept together and removed. */
function words(line: string): string[] {
  const out: string[] = []
  for (const m of line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)) out.push(m[1] ?? m[2] ?? m[3]!)
  return out
}

/** Every field of `sample` is in `real` with a value of the same type; an array's sample items each match some real item. */
function shapeIssues(sample: unknown, real: unknown, at: string): string[] {
  if (Array.isArray(sample)) {
    if (!Array.isArray(real)) return [`${at}: not an array`]
    return sample.flatMap((s, i) => (real.some((r) => shapeIssues(s, r, at).length === 0) ? [] : [`${at}[${i}]: no item of the answer has this shape (${shapeIssues(s, real[0], `${at}[0]`).join('; ')})`]))
  }
  if (sample !== null && typeof sample === 'object') {
    if (real === null || typeof real !== 'object' || Array.isArray(real)) return [`${at}: not an object`]
    return Object.entries(sample).flatMap(([k, v]) => (k in real ? shapeIssues(v, (real as Record<string, unknown>)[k], `${at}.${k}`) : [`${at}.${k}: missing`]))
  }
  return typeof sample === typeof real ? [] : [`${at}: ${typeof real}, the sample shows a ${typeof sample}`]
}

test("docs/fhir-api.md's examples answer what the page says, valid FHIR R4", async () => {
  const doc = fs.readFileSync(path.join(import.meta.dir, '../../../../docs/fhir-api.md'), 'utf8')
  const blocks: Block[] = [...doc.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1]!, body: m[2]!.trim() }))
  const shells = blocks.map((b, i) => ({ ...b, sample: blocks[i + 1]?.lang === 'json' ? JSON.parse(blocks[i + 1]!.body) : null })).filter((b) => b.lang === 'sh')

  // The registration, with the page's options.
  const account = await createUser({ roles: ['referrer'] })
  const register = words(shells[0]!.body)
  expect(register.slice(0, 3)).toEqual(['bin/homeward', 'fhir-clients', 'add'])
  const option = (name: string) => register[register.indexOf(name) + 1]!
  const pair = await generateKeyPair('ES384', { extractable: true })
  const jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES384' }] }
  expect(option('--jwks-file')).toEndWith('.json')
  const { client_id } = await addClient(db, CLI_ACTOR, { name: option('--name'), account: account.email, jwks: jwks as never, scopes: option('--scope') })
  const assertion = await new SignJWT({ jti: crypto.randomUUID() })
    .setProtectedHeader({ alg: 'ES384', kid: 'k1' })
    .setIssuer(client_id)
    .setSubject(client_id)
    .setAudience(tokenUrl())
    .setExpirationTime('4m')
    .sign(pair.privateKey)

  // A referral with a document, unlocked by a home.
  const since = new Date(clock.ms() - 1000).toISOString()
  const referral = await submitReferral(account.agent)
  const form = new FormData()
  form.append('file', new File([new TextEncoder().encode(`%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n${' '.repeat(200)}`)], 'care-plan.pdf', { type: 'application/pdf' }))
  const document = (await account.agent.upload(`/api/referrals/${referral}/documents`, form)).json.id as string
  await unlockAndPay((await premiumOperator({ licensing_type: 'licensed' })).agent, referral)

  const values: Record<string, string> = {
    since,
    task: taskId(referral),
    servicerequest: stableId(referral, 'ServiceRequest'),
    patient: stableId(referral, 'Patient'),
    documentreference: stableId(referral, `DocumentReference:${document}`),
    binary: binaryId(referral, document),
    version: '',
    ASSERTION: assertion,
    TOKEN: '',
    HOMEWARD: '',
  }
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (_, k) => values[k] ?? `{${k}}`).replace(/\$(\w+)/g, (_, k) => values[k] ?? `$${k}`)
  const agent = anonymous()
  const curls = shells.slice(1)
  expect(curls.length).toBeGreaterThanOrEqual(8)
  for (const example of curls) {
    // The cancellation sends the version last read.
    if (example.body.includes('-X PATCH')) values.version = (await agent.get(`/fhir/r4/Task/${values.task}`, { headers: { authorization: `Bearer ${values.TOKEN}` } })).json.meta.versionId
    const w = words(example.body)
    expect(w[0]).toBe('curl')
    let method = 'GET'
    let url = ''
    const headers: Record<string, string> = {}
    const data: string[] = []
    for (let i = 1; i < w.length; i++) {
      const a = w[i]!
      if (a === '-s') continue
      if (a === '-X') method = w[++i]!
      else if (a === '-H') {
        const [name, ...rest] = fill(w[++i]!).split(':')
        headers[name!.trim().toLowerCase()] = rest.join(':').trim()
      } else if (a === '-d') data.push(fill(w[++i]!))
      else if (a === '-o') i++
      else if (a.startsWith('$HOMEWARD/')) url = fill(a)
      else throw new Error(`an argument the test does not know: ${a} in ${example.body}`)
    }
    const body = data.length ? (headers['content-type']?.startsWith('application/x-www-form-urlencoded') ? data.join('&') : fill(data.join(''))) : undefined
    const res = await agent.request(method, url, { headers, ...(body !== undefined ? { body } : {}) })
    expect([example.body, res.status]).toEqual([example.body, 200])
    if (url.endsWith('/auth/token')) values.TOKEN = res.json.access_token
    if (res.json?.resourceType) expect([example.body, await validateR4(res.json)]).toEqual([example.body, []])
    if (example.sample !== null) expect([example.body, shapeIssues(example.sample, res.json, '$')]).toEqual([example.body, []])
  }
  // The cancellation took: the referral is cancelled.
  expect((await account.agent.get(`/api/referrals/${referral}`)).json.referral.status).toBe('cancelled')
}, 120_000) // a bound on a failure, not a speed claim
