import { asc, eq } from 'drizzle-orm'
import { exportJWK, generateKeyPair } from 'jose'
import type { Executor } from '../../db/client'
import { smart_ehrs } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { isUniqueViolation } from '../../db/dialect'
import { publicUrl } from '../../env'
import { conflict, notFound } from '../../errors'
import { type Actor, writeAudit } from '../../lib/audit'
import { addEhrSchema, type AddEhrInput } from './smart.schemas'

/** Homeward's signing algorithm for client assertions (SMART's asymmetric confidential clients: RS384 or ES384). */
export const ASSERTION_ALG = 'ES384'

export const launchUrl = () => `${publicUrl()}/smart/launch`
export const redirectUrl = () => `${publicUrl()}/smart/callback`
export const jwksUrl = () => `${publicUrl()}/smart/jwks.json`

type EhrRow = typeof smart_ehrs.$inferSelect
const view = (row: EhrRow) => ({
  id: row.id,
  iss: row.iss,
  client_id: row.client_id,
  client_auth: row.client_auth as 'public' | 'secret' | 'jwks',
  frame_origins: row.frame_origins,
  jwks_url: row.client_auth === 'jwks' ? jwksUrl() : null,
  created_at: row.created_at.toISOString(),
})
export type SmartEhrView = ReturnType<typeof view>

/**
 * Registers an EHR (admin dashboard, `homeward smart-ehrs add`). A client secret is sealed at rest;
 * `jwks` makes a key pair for this EHR (its private half sealed) whose public half /smart/jwks.json
 * serves. One row per FHIR base URL; audited.
 */
export async function addEhr(db: Executor, actor: Actor, input: AddEhrInput) {
  const v = addEhrSchema.parse(input)
  let keys: { private_jwk: string; public_jwk: Record<string, unknown> } | null = null
  if (v.client_auth === 'jwks') {
    const pair = await generateKeyPair(ASSERTION_ALG, { extractable: true })
    const kid = crypto.randomUUID()
    keys = {
      private_jwk: JSON.stringify({ ...(await exportJWK(pair.privateKey)), kid, alg: ASSERTION_ALG }),
      public_jwk: { ...(await exportJWK(pair.publicKey)), kid, alg: ASSERTION_ALG, use: 'sig' },
    }
  }
  try {
    return await transaction(db, async (tx) => {
      const [row] = await tx
        .insert(smart_ehrs)
        .values({
          iss: v.iss,
          client_id: v.client_id,
          client_auth: v.client_auth,
          client_secret: v.client_secret ?? null,
          private_jwk: keys?.private_jwk ?? null,
          public_jwk: keys?.public_jwk ?? null,
          frame_origins: v.frame_origins?.length ? [...new Set(v.frame_origins)] : [new URL(v.iss).origin],
        })
        .returning()
      await writeAudit(tx, actor, { action: 'smart_ehr_added', resource_type: 'smart_ehr', resource_id: row!.id, details: { iss: v.iss, client_auth: v.client_auth } })
      return view(row!)
    })
  } catch (error) {
    if (isUniqueViolation(error, smart_ehrs, 'smart_ehrs_iss_idx')) throw conflict('ehr_registered', 'smart.fhirBaseUrlAlreadyRegistered')
    throw error
  }
}

export async function listEhrs(db: Executor) {
  const rows = await db.select().from(smart_ehrs).orderBy(asc(smart_ehrs.iss), asc(smart_ehrs.id))
  return rows.map(view)
}

/** Removes an EHR by id or FHIR base URL; its launches under way go with it. Audited. */
export async function removeEhr(db: Executor, actor: Actor, idOrIss: string) {
  return transaction(db, async (tx) => {
    const key = idOrIss.replace(/\/+$/, '')
    const [row] = await tx.select().from(smart_ehrs).where(key.includes('/') ? eq(smart_ehrs.iss, key) : eq(smart_ehrs.id, key))
    if (!row) throw notFound('smart.noEhrRegisteredUnderId')
    await tx.delete(smart_ehrs).where(eq(smart_ehrs.id, row.id))
    await writeAudit(tx, actor, { action: 'smart_ehr_removed', resource_type: 'smart_ehr', resource_id: row.id, details: { iss: row.iss } })
    return view(row)
  })
}

/** The registration a launch names by its `iss` (exact, a trailing slash aside), or null. */
export async function findEhr(db: Executor, iss: string) {
  const [row] = await db.select().from(smart_ehrs).where(eq(smart_ehrs.iss, iss.replace(/\/+$/, ''))).limit(1)
  return row ?? null
}

export async function findEhrById(db: Executor, id: string) {
  const [row] = await db.select().from(smart_ehrs).where(eq(smart_ehrs.id, id)).limit(1)
  return row ?? null
}

/** Every registered EHR's frame origins: the only pages that may frame /smart/ and the launched form. */
export async function frameOrigins(db: Executor): Promise<string[]> {
  const rows = await db.select({ origins: smart_ehrs.frame_origins }).from(smart_ehrs)
  return [...new Set(rows.flatMap((r) => r.origins))].sort()
}

/** Homeward's public keys, one per EHR registered with `jwks` (/smart/jwks.json). */
export async function publicKeys(db: Executor) {
  const rows = await db.select({ jwk: smart_ehrs.public_jwk }).from(smart_ehrs).where(eq(smart_ehrs.client_auth, 'jwks'))
  return { keys: rows.map((r) => r.jwk).filter((k): k is Record<string, unknown> => !!k) }
}
