import { and, asc, count, eq, gt, gte, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { z } from 'zod'
import type { Executor, Tx } from '../../../db/client'
import { fhir_resource_ids, fhir_tasks, referral_documents, referrals } from '../../../db/schema'
import { transaction } from '../../../db/unit-of-work'
import { allows } from '../../systems'
import type { FhirResource } from '../fhir-types'
import { stableId } from '../stable-id'
import { taskId } from '../task-resource'
import { type Reader, readableResources } from './read-resource'
import type { serviceRequestSearchQuery, taskSearchQuery } from './rest.schemas'
import { searchset } from './searchset'
import { touchTaskVersion } from './task-version'

/**
 * GET /fhir/r4/Task and /fhir/r4/ServiceRequest (ADR 042): the reader's account's referrals, oldest
 * change first (then by id: a stable order to page through). Each page's resources are read through
 * the same authorization as a read by id (readableResources: one disclosure per referral to a system).
 */
type Bound = { op: 'gt' | 'ge' | 'lt' | 'le'; at: number } | undefined
const since = (column: SQLiteColumn, b: Bound): SQL | undefined => {
  if (!b) return undefined
  const at = new Date(b.at)
  return b.op === 'gt' ? gt(column, at) : b.op === 'ge' ? gte(column, at) : b.op === 'lt' ? lt(column, at) : lte(column, at)
}
const byIds = (ids: string[] | undefined) => (ids ? inArray(referrals.id, ids.length ? ids : ['']) : undefined)

/** The referral ids that the given resource ids name (ids of another type or unknown ones name none). */
async function referralsNamed(tx: Tx, type: string, ids: string[] | undefined) {
  if (!ids) return undefined
  const rows = await tx.select({ id: fhir_resource_ids.referral_id }).from(fhir_resource_ids).where(and(inArray(fhir_resource_ids.id, ids), eq(fhir_resource_ids.resource_type, type)))
  return rows.map((r) => r.id)
}

/** Referrals of this account whose Task has no version yet (submitted before versions, or by a path that never touched it): counted now. */
async function versionMissing(tx: Tx, userId: string) {
  const rows = await tx
    .select({ id: referrals.id })
    .from(referrals)
    .leftJoin(fhir_tasks, eq(fhir_tasks.referral_id, referrals.id))
    .where(and(eq(referrals.referrer_user_id, userId), isNull(fhir_tasks.referral_id)))
  for (const r of rows) await touchTaskVersion(tx, r.id)
}

export function searchTasks(db: Executor, q: z.output<typeof taskSearchQuery>, reader: Reader, url: string) {
  return transaction(db, async (tx) => {
    await versionMissing(tx, reader.user.id)
    const where = and(
      eq(referrals.referrer_user_id, reader.user.id),
      since(fhir_tasks.last_updated, q._lastUpdated),
      q.status ? inArray(fhir_tasks.status, q.status) : undefined,
      byIds(await referralsNamed(tx, 'Task', q._id)),
    )
    const [{ n }] = (await tx.select({ n: count() }).from(fhir_tasks).innerJoin(referrals, eq(referrals.id, fhir_tasks.referral_id)).where(where)) as [{ n: number }]
    const page = await tx
      .select({ id: referrals.id })
      .from(fhir_tasks)
      .innerJoin(referrals, eq(referrals.id, fhir_tasks.referral_id))
      .where(where)
      .orderBy(asc(fhir_tasks.last_updated), asc(referrals.id))
      .limit(q._count)
      .offset(q._offset)
    const entries: { resource: FhirResource; mode: 'match' | 'include' }[] = []
    const included: FhirResource[] = []
    for (const { id } of page) {
      const served = await readableResources(tx, id, reader)
      entries.push({ resource: served.get(taskId(id))!.resource, mode: 'match' })
      // The focus only to a token that may read ServiceRequests (an include is a read of it).
      if (q._include && (!reader.system || allows(reader.system.scopes, 'ServiceRequest', 'r'))) included.push(served.get(stableId(id, 'ServiceRequest'))!.resource)
    }
    return searchset(url, Number(n), q._offset, q._count, [...entries, ...included.map((resource) => ({ resource, mode: 'include' as const }))])
  })
}

/** When a referral's ServiceRequest last changed: the referral's row, or its newest document (its supportingInfo), whichever is later (referral-resources.ts). */
const newestDocument = sql`(SELECT max(d.created_at) FROM ${referral_documents} d WHERE d.referral_id = ${referrals.id})`
const requestChanged = sql<number>`CASE WHEN coalesce(${newestDocument}, 0) > ${referrals.updated_at} THEN ${newestDocument} ELSE ${referrals.updated_at} END`
const requestSince = (b: Bound): SQL | undefined => {
  if (!b) return undefined
  const op = { gt: '>', ge: '>=', lt: '<', le: '<=' }[b.op]
  return sql`${requestChanged} ${sql.raw(op)} ${b.at}`
}

export function searchServiceRequests(db: Executor, q: z.output<typeof serviceRequestSearchQuery>, reader: Reader, url: string) {
  return transaction(db, async (tx) => {
    await versionMissing(tx, reader.user.id)
    const where = and(
      eq(referrals.referrer_user_id, reader.user.id),
      requestSince(q._lastUpdated),
      byIds(await referralsNamed(tx, 'ServiceRequest', q._id)),
    )
    const [{ n }] = (await tx.select({ n: count() }).from(referrals).where(where)) as [{ n: number }]
    const page = await tx.select({ id: referrals.id }).from(referrals).where(where).orderBy(asc(requestChanged), asc(referrals.id)).limit(q._count).offset(q._offset)
    const entries: { resource: FhirResource; mode: 'match' }[] = []
    for (const { id } of page) entries.push({ resource: (await readableResources(tx, id, reader)).get(stableId(id, 'ServiceRequest'))!.resource, mode: 'match' })
    return searchset(url, Number(n), q._offset, q._count, entries)
  })
}
