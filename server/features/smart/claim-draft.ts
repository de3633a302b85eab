import { and, eq, isNotNull } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { smart_launches } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { AppError, notFound } from '../../errors'
import { clock } from '../../lib/clock'
import type { HealthRecordImport } from '../fhir'
import { sha256Hex } from './start-launch'

/**
 * POST /api/smart/draft: the signed-in browser that made the launch takes its imported draft, once:
 * the row is deleted as it is read, so the care data stays on the server only until the form has it
 * (then it lives in the tab's draft, as a file import's does).
 */
export async function claimDraft(db: Executor, browserToken: string | undefined): Promise<HealthRecordImport> {
  if (!browserToken) throw notFound('smart.noHealthRecordFromLaunch')
  const [row] = await transaction(db, (tx) =>
    tx
      .delete(smart_launches)
      .where(and(eq(smart_launches.browser_hash, sha256Hex(browserToken)), isNotNull(smart_launches.draft)))
      .returning({ draft: smart_launches.draft, expires_at: smart_launches.expires_at }),
  )
  if (!row?.draft) throw notFound('smart.noHealthRecordFromLaunch')
  if (row.expires_at.getTime() < clock.ms()) throw new AppError('link_expired', 410, 'smart.healthRecordFromLaunchExpired')
  return JSON.parse(row.draft) as HealthRecordImport
}
