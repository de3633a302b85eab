import { desc, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { sessions } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import type { CurrentUser } from '../../types'
import { invalidateUserSessions } from '../auth'

/** The user's active sessions (device and last seen), the current one flagged. */
export async function listSessions(db: Executor, user: CurrentUser) {
  const rows = await db.select().from(sessions).where(eq(sessions.user_id, user.id)).orderBy(desc(sessions.last_seen_at), desc(sessions.id))
  return rows.map((s) => ({
    id: s.id.slice(0, 12),
    device: describeDevice(s.user_agent),
    ip_address: s.ip_address,
    last_seen_at: s.last_seen_at,
    created_at: s.created_at,
    current: s.id === user.session_id,
  }))
}

export async function signOutOtherSessions(db: Executor, user: CurrentUser) {
  await transaction(db, (tx) => invalidateUserSessions(tx, user.id, user.session_id))
  return { ok: true as const }
}

function describeDevice(ua: string | null) {
  if (!ua) return 'Unknown device'
  const browser = /Edg\//.test(ua) ? 'Edge' : /Chrome\//.test(ua) ? 'Chrome' : /Firefox\//.test(ua) ? 'Firefox' : /Safari\//.test(ua) ? 'Safari' : 'Browser'
  const os = /Windows/.test(ua) ? 'Windows' : /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iOS' : /Mac OS X/.test(ua) ? 'macOS' : /Linux/.test(ua) ? 'Linux' : ''
  return os ? `${browser} on ${os}` : browser
}
