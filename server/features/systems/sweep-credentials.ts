import { transaction } from '../../db/unit-of-work'
import { lt } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { fhir_access_tokens, fhir_client_assertions } from '../../db/schema'
import { clock } from '../../lib/clock'

/**
 * Deletes the access tokens and used assertion ids past their end (ADR 038). An expired assertion is
 * refused for its `exp` alone, so its jti row is no longer needed to refuse a replay.
 */
export async function sweepExpiredCredentials(db: Executor) {
  const now = clock.now()
  // A write: in a unit of work (the scheduler hands the read handle, which refuses writes; ADR 020).
  return transaction(db, async (tx) => {
    const tokens = await tx.delete(fhir_access_tokens).where(lt(fhir_access_tokens.expires_at, now)).returning({ id: fhir_access_tokens.token_hash })
    const assertions = await tx.delete(fhir_client_assertions).where(lt(fhir_client_assertions.expires_at, now)).returning({ id: fhir_client_assertions.jti })
    return { tokens: tokens.length, assertions: assertions.length }
  })
}
