import { transaction } from '../db/unit-of-work'
import { describe, expect, test } from 'bun:test'
import { createApp } from '../app'
import { ERROR_CODES } from '../errors'
import { contractProblems, documentedResponses } from './response-contract'
import { anonymous, createUser, setupTestDb, TEST_PASSWORD, db } from './setup'
import { enableWithSecret, totpCode } from '../features/accounts/two-factor'
import { createSession, SESSION_COOKIE } from '../features/auth/session'

setupTestDb()

type Operation = { responses?: Record<string, { $ref?: string; content?: Record<string, { schema?: unknown }> }> }
type Spec = {
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, any>; responses: Record<string, { content: Record<string, { schema: { $ref: string } }> }> }
}

const spec = async () => (await anonymous().get('/api/openapi.json')).json as Spec
const operations = (s: Spec) =>
  Object.entries(s.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })))

/** The published contract describes the errors the API really sends. */
describe('the OpenAPI document', () => {
  test('describes the one error shape, with the closed list of codes', async () => {
    const s = await spec()
    const error = s.components.schemas.Error
    expect(error.properties.error.required).toEqual(['code', 'message'])
    expect(error.properties.error.properties.code.enum).toEqual([...ERROR_CODES])
    for (const response of Object.values(s.components.responses)) {
      expect(response.content['application/json']!.schema.$ref).toBe('#/components/schemas/Error')
    }
  })

  test('every operation references its error responses, and none carries the validator library’s 400 shape', async () => {
    const s = await spec()
    const withoutErrors: string[] = []
    const foreign: string[] = []
    for (const { name, op } of operations(s)) {
      const errors = Object.entries(op.responses ?? {}).filter(([status]) => Number(status) >= 400)
      if (errors.length === 0) withoutErrors.push(name)
      for (const [status, response] of errors) {
        if (!response.$ref?.startsWith('#/components/responses/')) foreign.push(`${name} ${status}`)
      }
    }
    expect(withoutErrors).toEqual([])
    expect(foreign).toEqual([])
    expect(JSON.stringify(s)).not.toContain('"success"')
  })
})

/** Bodies that are not JSON, by media type: what a success answer of that type is. */
const NON_JSON_BODIES: Record<string, string> = {
  'text/csv': 'CSV exports',
  'text/calendar': 'calendar files',
  'text/event-stream': 'the event stream',
  '*/*': 'file downloads (the stored type)',
  'application/fhir+json': 'FHIR R4 resources: the referral export (ADR 026)',
}

/** Every success body is described: a JSON schema, or a declared non-JSON type. */
describe('the OpenAPI document describes every success answer', () => {
  test('every operation has a success response, and each one has a schema (JSON) or a declared non-JSON type, or no body (204, 3xx)', async () => {
    const s = await spec()
    const problems: string[] = []
    for (const { name, op } of operations(s)) {
      const successes = Object.entries(op.responses ?? {}).filter(([status]) => Number(status) < 400)
      if (successes.length === 0) problems.push(`${name}: no success response`)
      for (const [status, response] of successes) {
        const content = Object.entries(response.content ?? {})
        if (status === '204' || status.startsWith('3')) {
          if (content.length) problems.push(`${name} ${status}: has a body`)
          continue
        }
        if (content.length === 0) problems.push(`${name} ${status}: no content`)
        for (const [type, media] of content) {
          const schema = media.schema as Record<string, unknown> | undefined
          if (type === 'application/json') {
            const described = !!schema && ['type', 'anyOf', 'oneOf', 'allOf', '$ref'].some((k) => k in schema)
            if (!described) problems.push(`${name} ${status}: JSON without a schema`)
          } else if (!(type in NON_JSON_BODIES)) problems.push(`${name} ${status}: unexpected content type ${type}`)
        }
      }
    }
    expect(problems).toEqual([])
  })

  test('every route of the app is in the document', async () => {
    const s = await spec()
    const documented = new Set(operations(s).map(({ name }) => name))
    // The document describes /api (servers: [{url: '/api'}]); /media/* files are served beside it, and the document itself is not an operation.
    const routes = createApp()
      .routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/') && !r.path.includes('*') && r.path !== '/api/openapi.json')
      .map((r) => `${r.method} ${r.path.slice('/api'.length).replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')}`)
    expect([...new Set(routes)].filter((r) => !documented.has(r)).sort()).toEqual([])
    expect(new Set(routes).size).toBe(documented.size)
  })
})

/**
 * Writes the authorization matrix cannot bring to success (every operator
 * there meets a held escrow slot; nobody but the admin has two-factor on),
 * and the writes that create what other answers show, held against the
 * schemas they document. Every other answer is checked by the matrix.
 */
describe('success answers of writes fit their documented schema', () => {
  const app = createApp()
  const documented = documentedResponses(app)
  const fits = async (route: string, res: { status: number; headers: Headers; json: unknown }, status: number) => {
    expect(res.status).toBe(status)
    expect(await contractProblems(documented.get(route), res)).toEqual([])
    return res.json as any
  }

  test('submit a referral, unlock it, upload a document, turn two-factor off', async () => {
    const referrer = await createUser({ roles: ['referrer'] })
    const operator = await createUser({ roles: ['operator'], plan: 'premium' })
    for (const agent of [referrer.agent, operator.agent]) agent.app = app
    const referral = await fits(
      'POST /api/referrals',
      await referrer.agent.post('/api/referrals', {
        referrer_name: 'Dana Whitfield',
        referrer_relationship: 'case-manager',
        referrer_email: referrer.email,
        referrer_phone: '(555) 010-0100',
        client_first_name: 'Eleanor',
        client_last_name: 'Vance',
        client_dob: '1950-04-02',
        client_gender: 'female',
        preferred_state: 'TX',
        preferred_cities: ['Austin'],
        budget_range: '$3,000-$4,000',
      }),
      201,
    )
    const id = referral.referral.id as string
    await fits('POST /api/referrals/:id/unlock', await operator.agent.post(`/api/referrals/${id}/unlock`), 201)

    const form = new FormData()
    form.append('file', new File([new TextEncoder().encode('%PDF-1.4\n%%EOF\n')], 'care-plan.pdf', { type: 'application/pdf' }))
    form.append('description', 'Care plan')
    form.append('requires_signature', 'true')
    await fits('POST /api/referrals/:id/documents', await referrer.agent.upload(`/api/referrals/${id}/documents`, form), 201)

    const key = new Uint8Array(20).fill(3)
    await transaction(db, (tx) => enableWithSecret(tx, referrer.id, key))
    // A session that passed the second factor (a two-factor account's earlier session no longer counts).
    referrer.agent.cookie = `${SESSION_COOKIE}=${(await transaction(db, (tx) => createSession(tx, { userId: referrer.id, isAdmin: false, twoFactorVerified: true }))).token}`
    await fits('POST /api/auth/2fa/disable', await referrer.agent.post('/api/auth/2fa/disable', { password: TEST_PASSWORD, code: totpCode(key) }), 200)
  })
})
