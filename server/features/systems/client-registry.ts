import { and, asc, eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Executor } from '../../db/client'
import { fhir_access_tokens, fhir_clients, user_roles, users } from '../../db/schema'
import { forUpdate } from '../../db/dialect'
import { transaction } from '../../db/unit-of-work'
import { env, publicUrl } from '../../env'
import { conflict, invalid, notFound } from '../../errors'
import { clock } from '../../lib/clock'
import { type Actor, writeAudit } from '../../lib/audit'
import { DEFAULT_SCOPES, validScopes } from './scopes'

export const tokenUrl = () => `${publicUrl()}/fhir/r4/auth/token`

/** A JWKS URL is https, or http only for a host of SMART_ALLOWED_HOSTS (a test's receiver, a lab). */
export function jwksUrlAllowed(url: string) {
  try {
    const u = new URL(url)
    return u.protocol === 'https:' || (u.protocol === 'http:' && env.SMART_ALLOWED_HOSTS.includes(u.hostname.toLowerCase()))
  } catch {
    return false
  }
}

const jwkSchema = z.object({ kty: z.enum(['RSA', 'EC']), kid: z.string().min(1) }).passthrough()
export const addClientSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    account: z.string().trim().toLowerCase().email(),
    jwks_url: z.string().refine(jwksUrlAllowed, 'must be an https URL (http only for a host in SMART_ALLOWED_HOSTS)').optional(),
    jwks: z.object({ keys: z.array(jwkSchema).min(1).max(20) }).optional(),
    scopes: z.string().trim().refine(validScopes, 'must be SMART system scopes, e.g. "system/*.cruds" or "system/Task.rs system/Bundle.c"').default(DEFAULT_SCOPES),
  })
  .refine((v) => !!v.jwks_url !== !!v.jwks, { message: 'give a JWKS URL or a JWKS, exactly one', path: ['jwks_url'] })
  .refine((v) => !v.jwks || v.jwks.keys.every((k) => !('d' in k)), { message: 'the JWKS must hold public keys only', path: ['jwks'] })
export type AddClientInput = z.input<typeof addClientSchema>

type ClientRow = typeof fhir_clients.$inferSelect
const view = (row: ClientRow & { account: string }) => ({
  client_id: row.id,
  name: row.name,
  account: row.account,
  keys: row.jwks_url ? row.jwks_url : 'JWKS given at registration',
  scopes: row.scopes,
  last_used_at: row.last_used_at?.toISOString() ?? null,
  revoked_at: row.revoked_at?.toISOString() ?? null,
  created_at: row.created_at.toISOString(),
})
export type FhirClientView = ReturnType<typeof view>

/**
 * Registers a system that acts for a referrer account (CLI `fhir-clients add`). The account must
 * exist and be a referrer's: what the system creates is that account's. Audited.
 */
export async function addClient(db: Executor, actor: Actor, input: AddClientInput) {
  const v = addClientSchema.parse(input)
  return transaction(db, async (tx) => {
    const [account] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, v.account))
    if (!account) throw notFound('systems.noAccountEMailAddress')
    const [referrer] = await tx.select({ role: user_roles.role }).from(user_roles).where(and(eq(user_roles.user_id, account.id), eq(user_roles.role, 'referrer')))
    if (!referrer) throw invalid('systems.systemActsReferrerAccountAccount', { account: 'systems.notReferrerAccount'})
    const [row] = await tx.insert(fhir_clients).values({ name: v.name, user_id: account.id, jwks_url: v.jwks_url ?? null, jwks: v.jwks ?? null, scopes: v.scopes }).returning()
    await writeAudit(tx, actor, { action: 'fhir_client.added', resource_type: 'fhir_client', resource_id: row!.id, details: { name: v.name, scopes: v.scopes } })
    return view({ ...row!, account: account.email })
  })
}

export async function listClients(db: Executor) {
  const rows = await db
    .select({ client: fhir_clients, account: users.email })
    .from(fhir_clients)
    .innerJoin(users, eq(users.id, fhir_clients.user_id))
    .orderBy(asc(fhir_clients.name), asc(fhir_clients.id))
  return rows.map((r) => view({ ...r.client, account: r.account }))
}

/** Revokes a client: its next token request is refused and its tokens stop working at once. Audited. */
export async function revokeClient(db: Executor, actor: Actor, clientId: string) {
  return transaction(db, async (tx) => {
    const [row] = await forUpdate(tx.select().from(fhir_clients).where(eq(fhir_clients.id, clientId)))
    if (!row) throw notFound('systems.noSystemRegisteredUnderClient')
    if (row.revoked_at) throw conflict('client_revoked', 'systems.systemAlreadyRevoked')
    await tx.update(fhir_clients).set({ revoked_at: clock.now() }).where(eq(fhir_clients.id, clientId))
    await tx.delete(fhir_access_tokens).where(eq(fhir_access_tokens.client_id, clientId))
    await writeAudit(tx, actor, { action: 'fhir_client.revoked', resource_type: 'fhir_client', resource_id: clientId, details: { name: row.name } })
    return { client_id: clientId, name: row.name }
  })
}

