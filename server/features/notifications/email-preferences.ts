import { and, eq, sql } from 'drizzle-orm'
import type { Executor, Tx } from '../../db/client'
import { EMAIL_TOPICS, email_preferences, email_unsubscribe_links, type EmailTopic } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { publicUrl } from '../../env'
import { notFound } from '../../errors'
import { clock } from '../../lib/clock'
import { withUnsubscribe } from '../../mail/layout'
import { recipientLocale } from '../../mail/recipient'
import { enqueueEmail, type Email } from '../../mail/outbox'
import { generateSessionToken, hashToken } from '../auth'

export type EmailPreferences = Record<EmailTopic, boolean>

/** Each topic on unless turned off (no row is the default, on). */
export async function getEmailPreferences(db: Executor, userId: string): Promise<EmailPreferences> {
  const rows = await db.select().from(email_preferences).where(eq(email_preferences.user_id, userId))
  const prefs = Object.fromEntries(EMAIL_TOPICS.map((t) => [t, true])) as EmailPreferences
  for (const r of rows) prefs[r.topic] = r.enabled
  return prefs
}

async function setTopic(tx: Tx, userId: string, topic: EmailTopic, enabled: boolean) {
  await tx
    .insert(email_preferences)
    .values({ user_id: userId, topic, enabled, updated_at: clock.now() })
    .onConflictDoUpdate({
      // The columns by their bare names: both engines take them (PostgreSQL refuses a table-qualified conflict target).
      target: [sql`${sql.identifier(email_preferences.user_id.name)}`, sql`${sql.identifier(email_preferences.topic.name)}`] as never,
      set: { enabled, updated_at: clock.now() },
    })
}

/** PATCH /api/account/email-preferences: the topics given are set; the others stay as they are. */
export async function setEmailPreferences(db: Executor, userId: string, changes: Partial<EmailPreferences>) {
  return transaction(db, async (tx) => {
    for (const topic of EMAIL_TOPICS) if (changes[topic] !== undefined) await setTopic(tx, userId, topic, changes[topic]!)
    return getEmailPreferences(tx, userId)
  })
}

export const UNSUBSCRIBE_LINK_INVALID = 'notifications.unsubscribeLinkInvalid'

/**
 * POST /api/email-unsubscribe/:token: turns the link's topic off for its
 * person, without signing in (RFC 8058 one-click; the token is the proof).
 * Works any number of times: the second click finds it off already.
 */
export async function unsubscribe(db: Executor, token: string) {
  return transaction(db, async (tx) => {
    const [link] = await tx.select().from(email_unsubscribe_links).where(eq(email_unsubscribe_links.token_hash, hashToken(token))).limit(1)
    if (!link) throw notFound(UNSUBSCRIBE_LINK_INVALID)
    await setTopic(tx, link.user_id, link.topic, false)
    return { topic: link.topic }
  })
}

/**
 * Queues an e-mail of a topic one may turn off: nothing when its person turned
 * it off; else with an unsubscribe link in the text and the List-Unsubscribe
 * headers (RFC 8058: an https URL and List-Unsubscribe=One-Click), so a mail
 * client's unsubscribe button turns this topic off in one click.
 */
export async function mailIfWanted(tx: Tx, o: { user_id: string; topic: EmailTopic; email: Email }) {
  const [pref] = await tx
    .select({ enabled: email_preferences.enabled })
    .from(email_preferences)
    .where(and(eq(email_preferences.user_id, o.user_id), eq(email_preferences.topic, o.topic)))
    .limit(1)
  if (pref && !pref.enabled) return null
  const token = generateSessionToken()
  await tx.insert(email_unsubscribe_links).values({ user_id: o.user_id, topic: o.topic, token_hash: hashToken(token) })
  const api = new URL(`/api/email-unsubscribe/${token}`, publicUrl()).toString()
  const page = new URL(`/unsubscribe?token=${encodeURIComponent(token)}`, publicUrl()).toString()
  const content = withUnsubscribe({ subject: o.email.subject, text: o.email.text, html: o.email.html ?? '' }, page, await recipientLocale(tx, o.user_id))
  return enqueueEmail(tx, {
    ...o.email,
    ...content,
    headers: { 'List-Unsubscribe': `<${api}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  })
}
