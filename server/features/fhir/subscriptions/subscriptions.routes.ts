import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { badRequest, tooLarge } from '../../../errors'
import { FHIR_JSON, fhirErrorHandler } from '../../../lib/fhir-outcome'
import type { AppEnv } from '../../../types'
import { requireSystem, systemAuth } from '../../systems'
import { createSubscription } from './create-subscription'
import { deleteSubscription, ownSubscription, subscriptionStatusBundle } from './manage-subscription'
import { subscriptionResource } from './subscription-resource'
import { subscriptionUrl } from './topic'

const fhirJson = (c: Context<AppEnv>, body: unknown, status: 200 | 201 = 200, headers: Record<string, string> = {}) =>
  c.body(JSON.stringify(body), status, { 'Content-Type': FHIR_JSON, ...headers })

/** Who acts, for the audit log: the client's account, labelled with the system's name. */
const actorOf = (c: Context<AppEnv>) => {
  const system = requireSystem(c)
  return { id: system.userId, label: `system:${system.clientName}`, ip: c.get('ip') }
}

/** A FHIR id: what the route takes before anything is looked up. */
const ID = /^[A-Za-z0-9\-.]{1,64}$/
const idOf = (c: Context<AppEnv>) => {
  const id = c.req.param('id') ?? ''
  if (!ID.test(id)) throw badRequest('fhir.notFhirId')
  return id
}

/**
 * Subscriptions (R4 Subscriptions Backport, rest-hook; ADR 043) under /fhir/r4, for registered systems
 * with a bearer token (SMART Backend Services, ADR 038). Errors are OperationOutcomes.
 */
export const subscriptionsRoutes = new Hono<AppEnv>()
  .onError(fhirErrorHandler)
  .post(
    '/Subscription',
    bodyLimit({ maxSize: 64 * 1024, onError: () => { throw tooLarge('fhir.subscriptionTooLarge') } }),
    systemAuth('Subscription', 'c'),
    async (c) => {
      let body: unknown
      try {
        body = await c.req.json()
      } catch {
        throw badRequest('fhir.subscriptionNotJson')
      }
      const row = await createSubscription(c.var.db, requireSystem(c), actorOf(c), body)
      return fhirJson(c, subscriptionResource(row), 201, { Location: subscriptionUrl(row.id) })
    },
  )
  .get('/Subscription/:id/$status', systemAuth('Subscription', 'r'), async (c) => fhirJson(c, await subscriptionStatusBundle(c.var.db, requireSystem(c), idOf(c))))
  .get('/Subscription/:id', systemAuth('Subscription', 'r'), async (c) => fhirJson(c, subscriptionResource(await ownSubscription(c.var.db, requireSystem(c), idOf(c)))))
  .delete('/Subscription/:id', systemAuth('Subscription', 'd'), async (c) => {
    await deleteSubscription(c.var.db, requireSystem(c), actorOf(c), idOf(c))
    return c.body(null, 204)
  })
