import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { outbox } from '../db/schema'
import { anonymous, db, setupTestDb } from '../test/setup'

setupTestDb()

const signUp = (email: string) => ({ email, password: 'password-123', first_name: 'Lucía', last_name: 'García', phone: '(555) 555-0100', account_type: 'referrer' })
const mailTo = async (email: string) => (await db.select().from(outbox).where(eq(outbox.to_email, email))).sort((a, b) => a.type.localeCompare(b.type))

describe('e-mail in the recipient’s language', () => {
  test('signing up while reading Spanish: the welcome and the verification e-mails are in Spanish, subject, text and HTML', async () => {
    const res = await anonymous().post('/api/auth/sign-up', signUp('lucia@example.com'), { headers: { 'accept-language': 'es-MX,es;q=0.9' } })
    expect(res.status).toBe(201)
    const [verification, welcome] = await mailTo('lucia@example.com')
    expect(verification!.type).toBe('email_verification')
    expect(verification!.subject).toBe('Confirme su correo electrónico')
    expect(verification!.text_body).toContain('Hola:')
    expect(verification!.text_body).toContain('Confirmar correo electrónico: ')
    expect(verification!.html_body).toContain('<html lang="es">')
    expect(welcome!.subject).toBe('Bienvenido a Homeward')
    expect(welcome!.text_body).toStartWith('Hola, Lucía:')
    expect(welcome!.text_body).toContain('— El equipo de Homeward')
    expect(welcome!.html_body).toContain('Ir a su panel')
  })

  test('signing up in English: the exact English wording', async () => {
    await anonymous().post('/api/auth/sign-up', signUp('pat@example.com'), { headers: { 'accept-language': 'en-US' } })
    const [verification, welcome] = await mailTo('pat@example.com')
    expect(verification!.subject).toBe('Confirm your e-mail address')
    expect(verification!.text_body).toContain('Welcome to Homeward! Please confirm your e-mail address.')
    expect(welcome!.subject).toBe('Welcome to Homeward')
    expect(welcome!.text_body).toStartWith('Hello Lucía,')
    expect(welcome!.text_body).toContain('— The Homeward team')
    expect(welcome!.html_body).toContain('<html lang="en">')
  })

  test('a new verification link asked for from an English browser is still in the account’s language', async () => {
    const agent = anonymous()
    await agent.post('/api/auth/sign-up', signUp('ana@example.com'), { headers: { cookie: 'homeward_lang=es' } })
    const again = await agent.post('/api/auth/resend-verification', {}, { headers: { 'accept-language': 'en-US' } })
    expect(again.status).toBe(200)
    const verifications = (await mailTo('ana@example.com')).filter((m) => m.type === 'email_verification')
    expect(verifications).toHaveLength(2)
    for (const mail of verifications) expect(mail.subject).toBe('Confirme su correo electrónico')
  })
})
