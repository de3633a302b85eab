import { describe, expect, test } from 'bun:test'
import { parse, TYPE } from '@formatjs/icu-messageformat-parser'
import { eq } from 'drizzle-orm'
import { users } from '../db/schema'
import { anonymous, createUser, db, setupTestDb } from '../test/setup'
import { SERVER_CATALOGS, translate } from '.'
import { keyed } from './keyed'

setupTestDb()

const es = { headers: { 'accept-language': 'es-MX,es;q=0.9' } }
const UNKNOWN = '00000000-0000-4000-8000-000000000000'

/** The arguments a message takes: `{name}`, `{n, plural, …}` and those nested in plural branches. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>()
  const walk = (elements: ReturnType<typeof parse>) => {
    for (const e of elements) {
      if (e.type !== TYPE.literal && e.type !== TYPE.pound && 'value' in e) names.add(String(e.value))
      if ('options' in e) for (const option of Object.values(e.options)) walk((option as { value: ReturnType<typeof parse> }).value)
    }
  }
  walk(parse(message))
  return [...names].sort()
}

describe('the server catalogs in Spanish', () => {
  test('every message parses, takes the arguments its English takes, and is not left in English', () => {
    const untranslated: string[] = []
    const mismatched: string[] = []
    for (const [area, english] of Object.entries(SERVER_CATALOGS.en)) {
      const spanish = SERVER_CATALOGS.es[area] as Record<string, string>
      for (const [key, text] of Object.entries(english as Record<string, string>)) {
        if (argumentsOf(text).join() !== argumentsOf(spanish[key]!).join()) mismatched.push(key)
        // Technical names stay as they are; any other sentence has Spanish words.
        // A message with no words of its own (": {names}") is the same in both.
        if (spanish[key] === text && !/^(No such|Unknown|errors\.)/.test(text) && /\s/.test(text) && /[A-Za-z]/.test(text.replace(/\{[^}]*\}/g, ''))) untranslated.push(key)
      }
    }
    expect(mismatched).toEqual([])
    expect(untranslated).toEqual([])
  })

  test('a rate limit says its minutes with the plural of each language', () => {
    expect(translate('en', 'errors.tooManyAttempts', { minutes: 1 })).toBe('Too many attempts. Please try again in 1 minute.')
    expect(translate('en', 'auth.tooManySignIns', { minutes: 15 })).toBe('Too many sign-in attempts. Please try again in 15 minutes.')
    expect(translate('es', 'errors.tooManyAttempts', { minutes: 1 })).toBe('Demasiados intentos. Vuelva a intentarlo en 1 minuto.')
    expect(translate('es', 'auth.tooManySignIns', { minutes: 15 })).toBe('Demasiados intentos de inicio de sesión. Vuelva a intentarlo en 15 minutos.')
    expect(keyed('admin.alreadyAdmin', { email: 'a@b.c' })).toBe('admin.alreadyAdmin {"email":"a@b.c"}')
  })
})

describe('API errors of each area in Spanish (Accept-Language: es), the English unchanged', () => {
  const cases: { area: string; request: (headers?: { headers: Record<string, string> }) => Promise<{ status: number; json: { error: { message: string } } }>; status: number; en: string; es: string }[] = [
    {
      area: 'auth',
      request: (h) => anonymous().post('/api/auth/sign-in', { email: 'nobody@example.com', password: 'wrong-password' }, h),
      status: 401,
      en: 'Invalid email or password',
      es: 'El correo electrónico o la contraseña no son correctos',
    },
    { area: 'properties (shared errors)', request: (h) => anonymous().get(`/api/properties/${UNKNOWN}`, h), status: 404, en: 'Property not found', es: 'No se encontró el hogar' },
    {
      area: 'tours',
      request: (h) => anonymous().get('/api/tour-reschedules/not-a-real-token', h),
      status: 404,
      en: 'This link is not valid. Please contact the home to arrange your tour.',
      es: 'Este enlace no es válido. Comuníquese con el hogar para acordar su visita.',
    },
    {
      area: 'a shared schema’s message (validation, browse)',
      request: (h) => anonymous().get('/api/properties?page=0', h),
      status: 422,
      en: 'Invalid page',
      es: 'La página no es válida',
    },
    { area: 'geo', request: (h) => anonymous().get('/api/geo/zip/00000', h), status: 404, en: 'Could not find location for the provided ZIP code', es: 'No se encontró la ubicación del código postal indicado' },
  ]
  for (const c of cases) {
    test(c.area, async () => {
      const english = await c.request()
      expect(english.status).toBe(c.status)
      expect(english.json.error.message).toBe(c.en)
      const spanish = await c.request(es)
      expect(spanish.status).toBe(c.status)
      expect(spanish.json.error.message).toBe(c.es)
    })
  }

  test('signed-in areas, in the saved language: messaging, documents, invitations, marketplace, verification', async () => {
    const referrer = await createUser({ roles: ['referrer'] })
    const operator = await createUser({ roles: ['operator'] })
    // Signed in, the saved language decides (docs/i18n.md): these two read Spanish whatever the browser sends.
    for (const id of [referrer.id, operator.id]) await db.update(users).set({ preferred_language: 'es' }).where(eq(users.id, id))
    const say = async (agent: typeof referrer.agent, method: 'get' | 'post', url: string, body?: unknown) => {
      const en = { headers: { 'accept-language': 'en-US' } }
      const res = method === 'get' ? await agent.get(url, en) : await agent.post(url, body ?? {}, en)
      return [res.status, res.json.error?.message]
    }
    expect(await say(referrer.agent, 'get', '/api/conversations/not-an-id/messages')).toEqual([404, 'No se encontró la conversación'])
    expect(await say(referrer.agent, 'post', '/api/documents/not-an-id/sign')).toEqual([404, 'No se encontró el documento'])
    expect(await say(referrer.agent, 'post', '/api/invitations', { referral_id: UNKNOWN, operator_id: operator.id })).toEqual([404, 'No se encontró la referencia'])
    expect(await say(operator.agent, 'get', '/api/marketplace/referrals')).toEqual([403, 'Se necesita una suscripción activa para ver las referencias'])
    expect(await say(referrer.agent, 'get', `/api/license-proofs/${UNKNOWN}/download`)).toEqual([404, 'No se encontró el comprobante de licencia'])
  })
})
