import { AsyncLocalStorage } from 'node:async_hooks'
import { desc, eq, sql } from 'drizzle-orm'
import type { Executor, Tx } from '../../db/client'
import { disclosures, profiles } from '../../db/schema'

/**
 * Accounting of disclosures (ADR 013): one append-only row each
 * time a response shows a referral's sealed data — the client's name, a care
 * field, a message, a document or its name — to someone other than the
 * referrer who wrote it. Nothing updates or deletes these rows.
 *
 * `disclose()` is the only way in: the presenters that unmask (full referral,
 * unlocked cards, conversation views, message pages, document views and
 * downloads) call it themselves, so a route cannot show sealed data without
 * the row. Within one request a referral is recorded once, however many
 * presenters reveal it: one revealing response, one row.
 */
export type Viewer = { id: string; email: string; is_admin: boolean }
export type DisclosureWhat = 'referral' | 'conversation' | 'messages' | 'documents' | 'invitation' | `document:${string}`

type RequestScope = { ip: string | null; recorded: Set<string> }
const scope = new AsyncLocalStorage<RequestScope>()

/** Runs one request (or CLI command) with its own disclosure scope: the client IP, and what was already recorded. */
export function withDisclosureScope<T>(ip: string | null, fn: () => T): T {
  return scope.run({ ip, recorded: new Set() }, fn)
}

/**
 * Records that `viewer` is shown sealed data of `referral` in this response.
 * Nothing is recorded when the viewer is the referral's referrer.
 */
export async function disclose(tx: Tx, referral: { id: string; owner: string | null }, viewer: Viewer, what: DisclosureWhat) {
  if (viewer.id === referral.owner) return
  const current = scope.getStore()
  const key = `${viewer.id}:${referral.id}`
  if (current?.recorded.has(key)) return
  current?.recorded.add(key)
  await tx.insert(disclosures).values({
    referral_id: referral.id,
    viewer_id: viewer.id,
    viewer_label: viewer.email,
    viewer_role: viewer.is_admin ? 'admin' : 'operator',
    what,
    ip_address: current?.ip ?? null,
  })
}

/**
 * Records that a registered system (SMART Backend Services, ADR 038) is shown sealed data of
 * `referral`: it acts with its referrer's account, but what it reads leaves for another organization,
 * named by the client's name (ADR 042). Once per system and referral within a request, like disclose().
 */
export async function discloseToSystem(tx: Tx, referral: { id: string }, system: { clientId: string; clientName: string }, what: DisclosureWhat) {
  const current = scope.getStore()
  const key = `system:${system.clientId}:${referral.id}`
  if (current?.recorded.has(key)) return
  current?.recorded.add(key)
  await tx.insert(disclosures).values({
    referral_id: referral.id,
    viewer_id: null,
    viewer_label: system.clientName,
    viewer_role: 'system',
    what,
    ip_address: current?.ip ?? null,
  })
}

/**
 * Who has seen this client's data, newest first (the referrer's accounting).
 * `viewer_name` is how the viewer is known to the referrer: the organization's
 * name, else the person's (as every notice names an operator); null once the
 * account is gone (its profile is deleted), when `viewer_label` is all that is
 * left ("deleted user", as account deletion rewrites it).
 */
export async function listDisclosures(db: Executor, referralId: string) {
  return db
    .select({
      viewer_id: disclosures.viewer_id,
      viewer_label: disclosures.viewer_label,
      viewer_name: sql<string | null>`coalesce(nullif(trim(${profiles.organization_name}), ''), nullif(trim(${profiles.first_name} || ' ' || ${profiles.last_name}), ''))`,
      viewer_role: disclosures.viewer_role,
      what: disclosures.what,
      ip_address: disclosures.ip_address,
      created_at: disclosures.created_at,
    })
    .from(disclosures)
    .leftJoin(profiles, eq(profiles.id, disclosures.viewer_id))
    .where(eq(disclosures.referral_id, referralId))
    .orderBy(desc(disclosures.created_at), desc(disclosures.id))
}
