import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { db, setupTestDb } from '../../../test/setup'
import { env } from '../../../env'
import { eventually } from '../../../test/eventually'
import { insertReferral, premiumOperator, unlockAndPay } from '../../marketplace/test-fixtures'
import { validateR4 } from '../r4-validator'
import { requesterReference } from './subscription-resource'
import { taskId } from '../task-resource'
import { deliverNotifications } from './deliver-notifications'
import { startReceiver, statusParam, subscriptionBody, systemWithToken, type Receiver } from './test-fixtures'

setupTestDb()

/**
 * End to end through the Task-change hook: the use cases that change a referral call touchTask, which
 * bumps the Task's version and hands the change to enqueueTaskNotifications in the same transaction;
 * the delivery job posts it. No notification is queued by hand here.
 */
const allowed = env.SUBSCRIPTION_ALLOWED_HOSTS
let receiver: Receiver
beforeAll(() => {
  ;(env as { SUBSCRIPTION_ALLOWED_HOSTS: string[] }).SUBSCRIPTION_ALLOWED_HOSTS = ['127.0.0.1']
  receiver = startReceiver()
})
afterAll(async () => {
  ;(env as { SUBSCRIPTION_ALLOWED_HOSTS: string[] }).SUBSCRIPTION_ALLOWED_HOSTS = allowed
  await receiver.stop()
})

describe('a Task change reaches the subscriber', () => {
  test('an operator unlocks, then both confirm the placement: one notification per new version, in order, each Task valid R4 (accepted, in progress, completed)', async () => {
    const system = await systemWithToken()
    const referral = await insertReferral(system.referrer.id)
    const id = taskId(referral.id)
    const made = await system.post('/fhir/r4/Subscription', subscriptionBody(receiver.url(), `Task?_id=${id}`, 'full-resource'))
    expect([made.status, made.json.status]).toEqual([201, 'active'])

    const delivered = () => receiver.received.filter((r) => statusParam(r.body, 'type').valueCode === 'event-notification')
    /** Delivers what a step queued (full-resource carries the Task as it is now) and answers the last Task's status. */
    const after = async (step: () => Promise<unknown>) => {
      const before = delivered().length
      await step()
      await deliverNotifications(db)
      const got = await eventually('a notification of the step', () => (delivered().length > before ? delivered() : null))
      return got.at(-1)!.body.entry[1].resource.status as string
    }
    const holder = await premiumOperator({ licensing_type: 'licensed' })
    expect(await after(() => unlockAndPay(holder.agent, referral.id))).toBe('accepted')
    expect(await after(() => holder.agent.post(`/api/referrals/${referral.id}/placement`, { placed: true }))).toBe('in-progress')
    expect(await after(() => system.referrer.agent.post(`/api/referrals/${referral.id}/placement`, { placed: true }))).toBe('completed')
    const events = delivered()
    const numbers = events.map((r) => Number(statusParam(r.body, 'events-since-subscription-start').valueString))
    expect(numbers).toEqual(numbers.map((_, i) => i + 1))
    const tasks = events.map((r) => r.body.entry[1].resource)
    expect(tasks.map((t) => t.id)).toEqual(tasks.map(() => id))
    // Each notification's focus is the Task's version it announces; versions go up one by one.
    const focus = events.map((r) => statusParam(r.body, 'notification-event').part.find((p: any) => p.name === 'focus').valueReference.reference as string)
    const versions = focus.map((f) => Number(f.split('/_history/')[1]))
    expect(focus.every((f) => f.startsWith(`Task/${id}/_history/`))).toBe(true)
    expect(versions).toEqual(versions.map((_, i) => versions[0]! + i))
    // The Task carried is the version announced.
    expect(tasks.map((t) => t.meta.versionId)).toEqual(versions.map(String))
    // The requester names the account's organization: the value a `Task?requester=` filter takes.
    expect(tasks.map((t) => t.contained[0].organization.reference)).toEqual(tasks.map(() => requesterReference(system.referrer.id)))
    for (const r of events) expect(await validateR4(r.body)).toEqual([])
  })
})
