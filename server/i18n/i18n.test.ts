import { describe, expect, test } from 'bun:test'
import { anonymous, setupTestDb } from '../test/setup'
import { negotiateLocale, requestLocale, translate } from '.'
import { keyed, parseKeyed } from './keyed'

setupTestDb()

const badSignUp = { email: 'not-an-email', password: 'short', first_name: 'x'.repeat(51), last_name: 'Doe', phone: '(555) 555-0100', account_type: 'referrer' }

describe('the language of a request', () => {
  test('Accept-Language picks the first language Homeward speaks, by q-value; anything else is English', () => {
    expect(negotiateLocale('es-MX,es;q=0.9,en;q=0.8')).toBe('es')
    expect(negotiateLocale('fr-FR, en;q=0.5, es;q=0.7')).toBe('es')
    expect(negotiateLocale('en-US,es;q=0.9')).toBe('en')
    expect(negotiateLocale('de, fr')).toBe('en')
    expect(negotiateLocale('es;q=0, en')).toBe('en')
    expect(negotiateLocale(undefined)).toBe('en')
  })

  test("the saved language wins over the switcher's cookie, which wins over Accept-Language", () => {
    expect(requestLocale('es', 'en', 'en')).toBe('es')
    expect(requestLocale(null, 'es', 'en')).toBe('es')
    expect(requestLocale(null, undefined, 'es-419')).toBe('es')
    expect(requestLocale('xx', 'yy', 'en')).toBe('en')
  })

  test('a keyed message carries its values; other text is not a key', () => {
    expect(parseKeyed(keyed('validation.firstName.tooLong', { max: 50 }))).toEqual({ key: 'validation.firstName.tooLong', values: { max: 50 } })
    expect(parseKeyed('Not found')).toBeNull()
    expect(parseKeyed('Invalid input.')).toBeNull()
    expect(translate('es', 'validation.firstName.tooLong', { max: 50 })).toBe('El nombre es demasiado largo (máximo 50 caracteres)')
  })
})

describe('API errors in the request’s language', () => {
  test('English stays the exact text; Spanish follows Accept-Language', async () => {
    const en = await anonymous().get('/api/no-such-thing')
    expect(en.status).toBe(404)
    expect(en.json.error).toMatchObject({ code: 'not_found', message: 'No such API endpoint' })
    const es = await anonymous().get('/api/no-such-thing', { headers: { 'accept-language': 'es-MX,es;q=0.9' } })
    expect(es.status).toBe(404)
    expect(es.json.error).toMatchObject({ code: 'not_found', message: 'Esa dirección de la API no existe' })
  })

  test('the switcher’s cookie wins over Accept-Language', async () => {
    const res = await anonymous().get('/api/my/profile', { headers: { cookie: 'homeward_lang=es', 'accept-language': 'en' } })
    expect(res.status).toBe(401)
    expect(res.json.error.message).toBe('Inicie sesión para continuar')
  })

  test('validation messages and every field message, from the shared schema, in each language', async () => {
    const en = await anonymous().post('/api/auth/sign-up', badSignUp)
    expect(en.status).toBe(422)
    expect(en.json.error.fields).toMatchObject({
      email: 'Invalid email address',
      password: 'Password must be at least 8 characters',
      first_name: 'First name is too long (at most 50 characters)',
    })
    expect(en.json.error.message).toBe('Invalid email address')
    const es = await anonymous().post('/api/auth/sign-up', badSignUp, { headers: { 'accept-language': 'es' } })
    expect(es.status).toBe(422)
    expect(es.json.error.fields).toMatchObject({
      email: 'El correo electrónico no es válido',
      password: 'La contraseña debe tener al menos 8 caracteres',
      first_name: 'El nombre es demasiado largo (máximo 50 caracteres)',
    })
    expect(es.json.error.message).toBe('El correo electrónico no es válido')
    // No key ever leaves the server.
    expect(JSON.stringify(es.json)).not.toMatch(/validation\.|errors\./)
  })
})

describe('the saved language', () => {
  const signUp = { email: 'lucia.es@example.com', password: 'password-123', first_name: 'Lucía', last_name: 'García', phone: '(555) 555-0100', account_type: 'referrer' }

  test('a person who signs up while reading Spanish gets a Spanish account; the API answers her in Spanish whatever the browser says', async () => {
    const agent = anonymous()
    const res = await agent.post('/api/auth/sign-up', signUp, { headers: { cookie: 'homeward_lang=es' } })
    expect(res.status).toBe(201)
    expect(res.json.user.preferred_language).toBe('es')
    // Another device: English browser, no switcher cookie; her saved language decides.
    const invalid = await agent.request('PUT', '/api/me/language', { body: {}, headers: { 'accept-language': 'en-US' } })
    expect(invalid.json.error.message).toBe('Elija un idioma')
    const notFound = await agent.get('/api/no-such-thing', { headers: { 'accept-language': 'en-US' } })
    expect(notFound.json.error.message).toBe('Esa dirección de la API no existe')
  })

  test('the switcher, signed in, saves the choice on the account; a language Homeward does not speak is refused in the reader’s language', async () => {
    const agent = anonymous()
    const res = await agent.post('/api/auth/sign-up', { ...signUp, email: 'pat.en@example.com' })
    expect(res.json.user.preferred_language).toBe('en')
    const bad = await agent.request('PUT', '/api/me/language', { body: { language: 'fr' } })
    expect(bad.status).toBe(422)
    expect(bad.json.error.fields.language).toBe('Please choose a language')
    expect((await agent.request('PUT', '/api/me/language', { body: { language: 'es' } })).status).toBe(200)
    expect((await agent.get('/api/me')).json.user.preferred_language).toBe('es')
    const badAgain = await agent.request('PUT', '/api/me/language', { body: { language: 'fr' } })
    expect(badAgain.json.error.fields.language).toBe('Elija un idioma')
    // Signed out, the same browser is a visitor again: English by Accept-Language.
    expect((await anonymous().get('/api/no-such-thing')).json.error.message).toBe('No such API endpoint')
  })
})
