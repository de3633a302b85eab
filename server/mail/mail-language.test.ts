import { describe, expect, test } from 'bun:test'
import { and, eq } from 'drizzle-orm'
import { outbox, referrals, users } from '../db/schema'
import { clock, DAY } from '../lib/clock'
import { anonymous, createUser, db, setupTestDb } from '../test/setup'
import { addProperty } from '../features/properties/property-fixtures'
import { calendarWriter } from '../features/tours/tour-calendar'
import { MAIL_TYPES, type TemplateEmail, templates } from './templates'
import { withUnsubscribe } from './layout'

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

const at = new Date('2030-03-04T22:00:00Z')
const slot = { scheduled_date: '2030-03-04', scheduled_time: '14:30', time_zone: 'America/Chicago' }
/** Every template in Spanish, with the subject it must have: a Spanish-speaking recipient, whoever acted. */
const spanish: [TemplateEmail, string][] = [
  [templates.welcome({ first_name: 'Lucía' }, 'es'), 'Bienvenido a Homeward'],
  [templates.referralSubmitted({ referrer_name: 'Lucía', referral_id: 'r1', client_initials: 'E. P.', state_sentence: '', homes_told: true }, 'es'), 'Su referencia fue enviada'],
  [templates.operatorMatched({ operator_name: 'Lucía', referral_id: 'r1', preferred_state: 'Texas', preferred_cities: ['Austin'], client_age: 77 }, 'es'), 'Una nueva referencia coincide con sus hogares'],
  [templates.invitation({ operator_name: 'Lucía', inviter_name: 'Dana', referral_id: 'r1', message: 'x' }, 'es'), 'Dana lo invitó a una referencia'],
  [templates.interestReceived({ referrer_name: 'Lucía', operator_name: 'Omar', referral_id: 'r1', client_initials: 'E. P.' }, 'es'), 'Un operador está interesado en su referencia'],
  [templates.tourRequested({ operator_name: 'Lucía', property_name: 'Casa Sol', visitor_name: 'Jordan', ...slot }, 'es'), 'Solicitud de visita en Casa Sol'],
  [templates.tourConfirmed({ visitor_name: 'Lucía', property_name: 'Casa Sol', ...slot, address: '1 Main St' }, 'es'), 'Su visita a Casa Sol está confirmada'],
  [templates.tourCancelled({ visitor_name: 'Lucía', property_name: 'Casa Sol', ...slot }, 'es'), 'Su visita a Casa Sol fue cancelada'],
  [
    templates.tourRescheduleProposed(
      { visitor_name: 'Lucía', property_name: 'Casa Sol', from_date: '2030-03-04', from_time: '14:30', to_date: '2030-03-05', to_time: '09:00', time_zone: 'America/Chicago', token: 't', link_expires_at: at },
      'es',
    ),
    'Casa Sol propone un nuevo horario para su visita',
  ],
  [templates.tourRescheduleAnswered({ operator_name: 'Lucía', visitor_name: 'Jordan', property_name: 'Casa Sol', ...slot, accepted: true }, 'es'), 'Jordan aceptó el nuevo horario de la visita'],
  [templates.waitlistTurn({ operator_name: 'Lucía', referral_id: 'r1', expires_at: at }, 'es'), 'Es su turno: una referencia que esperaba está disponible'],
  [templates.escrowPaid({ operator_name: 'Lucía', referral_id: 'r1', amount_cents: 325050, hold_until: at }, 'es'), 'Pago recibido: $3,250.50 en depósito en garantía'],
  [templates.escrowReleased({ name: 'Lucía', audience: 'referrer', referral_id: 'r1', amount_cents: 20000 }, 'es'), 'Colocación confirmada: $200 está en camino'],
  [templates.escrowReleased({ name: 'Lucía', audience: 'referrer', referral_id: 'r1', amount_cents: 20000, payout_method: 'check' }, 'es'), 'Colocación confirmada: $200 está en camino'],
  [templates.payoutPaid({ name: 'Lucía', amount_cents: 20000, paid_on: '2026-12-04', method: 'ach', reference: 'T-1042' }, 'es'), 'Tarifa por referencia pagada: $200'],
  [templates.escrowRefunded({ operator_name: 'Lucía', referral_id: 'r1', amount_cents: 20000 }, 'es'), 'Reembolso: se devolvieron $200'],
  [templates.reviewRequest({ referrer_name: 'Lucía', client_initials: 'E. P.', referral_id: 'r1', token: 't', property_name: 'Casa Sol' }, 'es'), '¿Cómo fue la colocación? Cuéntenos su experiencia'],
  [templates.bedsConfirmation({ operator_name: 'Lucía', homes: [{ property_name: 'Casa Sol', available_beds: 2, total_beds: 4, token: 't' }], days: 7 }, 'es'), '¿Siguen libres 2 de 4 camas en Casa Sol?'],
  [templates.referralDeclined({ referrer_name: 'Lucía', client_initials: 'E. P.', referral_id: 'r1', reason: 'Funding', home_name: null }, 'es'), 'Un hogar rechazó su referencia para E. P.'],
  [templates.messageDigest({ name: 'Lucía', sender_name: 'Omar', count: 1, path: '/x' }, 'es'), '1 mensaje nuevo de Omar en Homeward'],
  [templates.placementAnswerNeeded({ name: 'Lucía', audience: 'referrer', other_said_placed: true, hold_until: at, path: '/x' }, 'es'), 'Confirme la colocación'],
  [templates.escrowHoldEnding({ name: 'Lucía', hold_until: at, path: '/x' }, 'es'), 'Recordatorio: confirme la colocación'],
]

describe('every template in Spanish', () => {
  test('one for each type, with its Spanish subject, the layout in Spanish and no English layout or key left', () => {
    expect(new Set(spanish.map(([mail]) => mail.type))).toEqual(new Set(MAIL_TYPES))
    for (const [mail, subject] of spanish) {
      expect(mail.subject).toBe(subject)
      expect(mail.text).toStartWith('Hola, Lucía:')
      expect(mail.text).toContain('— El equipo de Homeward')
      expect(mail.html).toContain('<html lang="es">')
      expect(`${mail.subject}${mail.text}`).not.toMatch(/mail\.|Hello|The Homeward team|You receive this/)
    }
  })

  test('dates, tour slots and money are written for es-US; the slot keeps the home’s time zone', () => {
    const paid = templates.escrowPaid({ operator_name: 'L', referral_id: 'r', amount_cents: 50000, hold_until: at }, 'es')
    expect(paid.text).toContain('Recibimos su tarifa de desbloqueo de $500.')
    expect(paid.text).toContain('hasta el 4 mar 2030, 10:00 p.m. UTC.')
    const tour = templates.tourRequested({ operator_name: 'L', property_name: 'Casa Sol', visitor_name: 'Jordan', ...slot }, 'es')
    expect(tour.text).toContain('Jordan pidió visitar Casa Sol el lun, 4 de mar de 2030, 2:30 p.m. CST.')
    // English keeps the exact words every screen says.
    const english = templates.tourRequested({ operator_name: 'L', property_name: 'Casa Sol', visitor_name: 'Jordan', ...slot })
    expect(english.text).toContain('Jordan asked to tour Casa Sol on Mon, Mar 4, 2030 at 2:30 PM CST.')
    expect(templates.messageDigest({ name: 'L', sender_name: 'Omar', count: 3, path: '/x' }, 'es').subject).toBe('3 mensajes nuevos de Omar en Homeward')
    expect(templates.messageDigest({ name: 'L', sender_name: 'Omar', count: 3, path: '/x' }).subject).toBe('3 new messages from Omar on Homeward')
  })

  test('the unsubscribe line and the tour’s calendar invitation are in the recipient’s language', async () => {
    const mail = withUnsubscribe(templates.escrowHoldEnding({ name: 'L', hold_until: at, path: '/x' }, 'es'), 'https://x.test/u', 'es')
    expect(mail.text).toContain('Para dejar de recibir correos como este, dese de baja: https://x.test/u')
    const invite = (await calendarWriter())({ tour_id: 't1', property_id: 'p1', property_name: 'Casa Sol', address: '1 Main St', time_zone: 'America/Chicago', scheduled_date: '2030-03-04', scheduled_time: '14:30', locale: 'es' })
    expect(invite.content).toContain('SUMMARY:Visita a Casa Sol')
    expect(invite.content).toContain('DESCRIPTION:Su visita a Casa Sol\\, organizada a través de Homeward.')
  })
})

describe('an English person acts, a Spanish-speaking person is e-mailed in Spanish', () => {
  const speaksSpanish = (id: string) => db.update(users).set({ preferred_language: 'es' }).where(eq(users.id, id))
  const mailOf = async (to: string, type: string) => (await db.select().from(outbox).where(and(eq(outbox.to_email, to), eq(outbox.type, type))))[0]

  test('a tour request from an English visitor: the Spanish operator reads Spanish, the visitor English; a guest asking in Spanish gets a Spanish receipt', async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    await speaksSpanish(op.id)
    const home = await addProperty(op.id, { name: 'Casa Sol' })
    const request = (email: string, language: string) =>
      anonymous().post(
        '/api/tours',
        { property_id: home.id, visitor_name: 'Jordan Lee', visitor_email: email, visitor_phone: '(555) 010-3000', scheduled_date: new Date(clock.ms() + 3 * DAY).toISOString().slice(0, 10), scheduled_time: '10:30' },
        { headers: { 'accept-language': language } },
      )
    expect((await request('jordan@example.com', 'en-US')).status).toBe(201)
    const operatorMail = (await db.select().from(outbox).where(and(eq(outbox.to_email, op.email), eq(outbox.type, 'tour_requested'))))[0]!
    expect(operatorMail.subject).toBe('Nueva solicitud de visita para Casa Sol')
    expect(operatorMail.text_body).toContain('Jordan Lee quiere visitar Casa Sol el ')
    expect((await mailOf('jordan@example.com', 'tour_request_received'))!.subject).toBe('Your tour request for Casa Sol')
    expect((await request('rosa@example.com', 'es-MX,es;q=0.9')).status).toBe(201)
    const receipt = (await mailOf('rosa@example.com', 'tour_request_received'))!
    expect(receipt.subject).toBe('Su solicitud de visita para Casa Sol')
    expect(receipt.text_body).toContain('Estado: Pendiente. Esperando la confirmación del hogar.')
  })

  test('a password reset asked for from an English browser, and an invitation from an English referrer', async () => {
    const lucia = await createUser({ roles: ['operator'], plan: 'premium', first_name: 'Lucía', last_name: 'Ruiz' })
    await speaksSpanish(lucia.id)
    expect((await anonymous().post('/api/auth/forgot-password', { email: lucia.email }, { headers: { 'accept-language': 'en' } })).status).toBe(200)
    const reset = (await mailOf(lucia.email, 'password_reset'))!
    expect(reset.subject).toBe('Restablezca su contraseña de Homeward')
    expect(reset.text_body).toContain('Restablecer la contraseña: ')

    const referrer = await createUser({ roles: ['referrer'], first_name: 'Dana', last_name: 'Whitfield' })
    const [referral] = await db
      .insert(referrals)
      .values({
        referrer_user_id: referrer.id,
        referrer_name: 'Dana Whitfield',
        referrer_relationship: 'case-manager',
        referrer_email: referrer.email,
        referrer_phone: '(555) 010-0100',
        client_first_name: 'Eleanor',
        client_last_name: 'Price',
        client_dob: '1948-03-14',
        client_gender: 'female',
        preferred_state: 'TX',
        budget_range: '$3,000-$4,000',
        status: 'pending',
      })
      .returning()
    const invited = await referrer.agent.post('/api/invitations', { referral_id: referral!.id, operator_id: lucia.id }, { headers: { 'accept-language': 'en-US' } })
    expect(invited.status).toBe(201)
    const invitation = (await mailOf(lucia.email, 'operator_invited'))!
    expect(invitation.subject).toBe('Lo invitaron a una referencia')
    expect(invitation.text_body).toStartWith('Hola, Lucía Ruiz:')
    expect(invitation.text_body).toContain('Dana Whitfield lo invitó a la referencia de un cliente en Homeward.')
  })
})
