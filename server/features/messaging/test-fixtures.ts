/**
 * Test support for messaging, documents and realtime tests (imported by
 * *.test.ts only): referrals inserted directly, the three ways a conversation
 * opens, an admin session past two-factor, and an SSE reader over app.request().
 */
import { eq } from 'drizzle-orm'
import { invitations, referral_interests, referral_payments, referrals, users } from '../../db/schema'
import { createSession, SESSION_COOKIE } from '../auth/session'
import { createUser, db, fakeServer, type TestAgent } from '../../test/setup'
import { EVENTUALLY_MS } from '../../test/eventually'
import { transaction } from '../../db/unit-of-work'
import { hub } from '../../realtime/hub'
import { openConversation } from './open-conversation'

let n = 0
export async function insertReferral(referrerId: string, overrides: Partial<typeof referrals.$inferInsert> = {}) {
  n++
  return db
    .insert(referrals)
    .values({
      referrer_user_id: referrerId,
      referrer_name: 'Dana Whitfield',
      referrer_relationship: 'case-manager',
      referrer_email: 'dana@example.com',
      referrer_phone: '(555) 010-0100',
      client_first_name: 'Eleanor',
      client_last_name: `Price${n}`,
      client_dob: '1948-03-14',
      client_age: 77,
      client_gender: 'female',
      preferred_state: 'TX',
      budget_range: '$3,000-$4,000',
      ...overrides,
    })
    .returning()
    .get()
}

/** The operator expressed interest: a conversation, but no unmasked access. */
export async function expressInterest(referralId: string, operatorId: string) {
  await db.insert(referral_interests).values({ referral_id: referralId, operator_id: operatorId }).run()
  return openConversation(db, { referral_id: referralId, operator_id: operatorId, opened_by: 'interest' })
}

/** The referrer invited the operator: a conversation and unmasked access. */
export async function invite(referralId: string, operatorId: string, invitedBy: string) {
  await db.insert(invitations).values({ referral_id: referralId, operator_id: operatorId, invited_by: invitedBy }).run()
  return openConversation(db, { referral_id: referralId, operator_id: operatorId, opened_by: 'invitation' })
}

/** The operator unlocked the referral (fee held in escrow). */
export async function unlock(referralId: string, operatorId: string) {
  await db.insert(referral_payments)
    .values({ referral_id: referralId, operator_id: operatorId, amount_cents: 20000, status: 'held_in_escrow', provider: 'offline', paid_at: new Date() })
    .run()
  return openConversation(db, { referral_id: referralId, operator_id: operatorId, opened_by: 'unlock' })
}

/** An admin whose session passed two-factor sign-in (test admins are enrolled). */
export const createAdmin = () => createUser({ roles: ['admin'] })

/** An admin who has not enrolled in two-factor sign-in yet: the server refuses their admin reads. */
export async function createAdminWithoutTwoFactor() {
  const admin = await createUser({ roles: ['admin'] })
  await db.update(users).set({ totp_enabled_at: null, totp_secret: null }).where(eq(users.id, admin.id)).run()
  const { token } = await createSession(db, { userId: admin.id, isAdmin: true, twoFactorVerified: false })
  admin.agent.cookie = `${SESSION_COOKIE}=${token}`
  return admin
}

/** A referrer with a referral, an invited operator with its conversation, and bystanders. */
export async function exchange() {
  const referrer = await createUser({ roles: ['referrer'], first_name: 'Dana', last_name: 'Whitfield' })
  const operator = await createUser({ roles: ['operator'], first_name: 'Rosa', last_name: 'Alvarez' })
  const referral = await insertReferral(referrer.id)
  const conversation = await invite(referral.id, operator.id, referrer.id)
  return { referrer, operator, referral, conversation }
}

export type SseEvent = { id: string | null; data: Record<string, any> | null; comment: string | null }

/** Reads /api/events like an EventSource would, collecting frames in the background. */
export async function openStream(agent: TestAgent, opts: { lastEventId?: string; query?: string } = {}) {
  const abort = new AbortController()
  const headers: Record<string, string> = {}
  if (agent.cookie) headers.cookie = agent.cookie
  if (opts.lastEventId !== undefined) headers['last-event-id'] = opts.lastEventId
  const res = await agent.app.request(`/api/events${opts.query ?? ''}`, { headers, signal: abort.signal }, fakeServer())
  const frames: SseEvent[] = []
  let closed = false
  const reader = res.status === 200 ? res.body!.getReader() : null
  const done = (async () => {
    if (!reader) return
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        buffer += decoder.decode(value, { stream: true })
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const frame: SseEvent = { id: null, data: null, comment: null }
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) frame.comment = line.slice(1).trim()
            else if (line.startsWith('id: ')) frame.id = line.slice(4)
            else if (line.startsWith('data: ')) frame.data = JSON.parse(line.slice(6))
          }
          frames.push(frame)
        }
      }
    } catch {
      // cancelled
    }
    closed = true
  })()
  return {
    status: res.status,
    headers: res.headers,
    frames,
    get closed() {
      return closed
    },
    /** Data events, without the initial `ready` and the test's own markers. */
    events: () => frames.filter((f) => f.data && f.data.type !== 'ready' && f.data.type !== CAUGHT_UP),
    /** Waits until a frame matches (a generous deadline: it bounds a failure, not a wait). */
    async waitFor(match: (f: SseEvent) => boolean, ms = EVENTUALLY_MS) {
      const deadline = Date.now() + ms
      for (;;) {
        const hit = frames.find(match)
        if (hit) return hit
        if (Date.now() > deadline || closed) throw new Error(`No matching event within ${ms} ms: ${JSON.stringify(frames)}`)
        await Bun.sleep(10)
      }
    },
    /**
     * Publishes a marker to `userId` (the stream's account) and waits for it: a stream delivers in commit
     * order, so everything committed for this account before now has arrived too. What a test checks is
     * absent after this is absent, without waiting a fixed time.
     */
    async caughtUp(userId: string) {
      const marker = `${CAUGHT_UP}:${++markers}`
      await transaction(db, (tx) => hub.publish(tx, [userId], CAUGHT_UP, { marker }))
      await this.waitFor((f) => f.data?.type === CAUGHT_UP && f.data.data?.marker === marker)
    },
    async close() {
      await reader?.cancel().catch(() => {})
      abort.abort()
      await done
    },
  }
}

const CAUGHT_UP = 'test.caught-up'
let markers = 0
