/**
 * The fhir area's public surface (ADR 018: docs/decisions/018-feature-boundaries.md; the mapping: ADR 026):
 * its API router (import and export, which app.ts mounts under /api) and the
 * FHIR base's router (/fhir/r4: the CapabilityStatement). It sits on top, beside admin.
 * Other modules import this area only through this file; the rest of the folder
 * is private to it (tests excepted).
 */
import { Hono } from 'hono'
import type { AppEnv } from '../../types'
import { registerTaskToucher } from '../referrals'
import { capabilityStatement } from './capability-statement'
import { onTaskChanged, touchTaskVersion } from './rest/task-version'
import { enqueueTaskNotifications, registerDeliveryJob } from './subscriptions'

export { fhirRoutes as router } from './fhir.routes'
/** The FHIR REST API of registered systems under /fhir/r4 (ADR 042). */
export { fhirRestRoutes as restRouter } from './rest/fhir-rest.routes'
export { FHIR_DEFINITION_FILES, setFhirDefinitionsDir } from './r4-validator'

/** GET /fhir/r4/metadata: what Homeward reads and writes. */
export const metadataRouter = new Hono<AppEnv>().get('/metadata', (c) =>
  c.body(JSON.stringify(capabilityStatement()), 200, { 'Content-Type': 'application/fhir+json; charset=utf-8' }),
)
// A record read from an EHR's FHIR API (SMART launch, ADR 033) goes through the same mapping as an uploaded file.
export { importHealthRecord } from './import-draft'
export { healthRecordImportSchema, type HealthRecordImport } from './fhir.responses'
// POST /fhir/r4 (a registered system's transaction Bundle → a referral) and the referral extensions' StructureDefinitions (ADR 041).
export { transactionRoutes as transactionRouter } from './transaction.routes'
// Subscriptions (R4 Subscriptions Backport, rest-hook; ADR 043): the routes under /fhir/r4, the Task-change
// seam (enqueueTaskNotifications, called in the transaction that bumped the Task's versionId), the
// delivery job, and what the admin's Systems tab shows.
export { enqueueTaskNotifications, listSubscriptionsByClient, requesterReference, subscriptionsRoutes as subscriptionsRouter, taskTopicUrl } from './subscriptions'

/** The delivery job, and the Task-change hook's listener that queues notifications in the transaction of each new version (composition.ts). */
export function registerSubscriptionJobs() {
  registerDeliveryJob()
  onTaskChanged(async (tx, change) => {
    await enqueueTaskNotifications(tx, change)
  })
}

/** The Task-change hook (ADR 042): the referrals area's touchTask versions the referral's Task (composition.ts). */
export function registerTaskHook() {
  registerTaskToucher(touchTaskVersion)
}
export { onTaskChanged, type TaskChange } from './rest/task-version'
