import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { errors, jsonResponse, updatedCountSchema } from '../../lib/openapi'
import { respond } from '../../lib/respond'
import { conversationsSchema, messageSentSchema, messageReferralsSchema, messagesPageSchema } from './messaging.responses'
import { z } from 'zod'
import { validate } from '../../lib/validate'
import type { AppEnv } from '../../types'
import { actorOf, requireUser, signedIn, requireVerified } from '../auth'
import { listConversations } from './list-conversations'
import { listMessageReferrals } from './list-message-referrals'
import { listMessages } from './list-messages'
import { markConversationRead } from './mark-conversation-read'
import { listConversationsQuery, listMessagesQuery, sendMessageSchema } from './messaging.schemas'
import { sendMessage } from './send-message'
import { CONVERSATION_NOT_FOUND } from './conversation-access'
import { notFound } from '../../errors'

const idParam = z.object({ id: z.string() })
/** A malformed id names no conversation: 404 like any other unknown one. */
const conversationId = (id: string) => {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound(CONVERSATION_NOT_FOUND)
  return id
}

export const messagingRoutes = new Hono<AppEnv>()
  .get(
    '/conversations',
    describeRoute({
      tags: ['messaging'],
      summary: "The signed-in user's conversations",
      description:
        'As referrer or operator (`as` narrows to one side), newest message first, with unread counts and the referral named as the viewer may see it. Admins passing `referral_id` alone read every conversation of that referral (audited).',
      responses: { ...jsonResponse(conversationsSchema), ...errors(401, 422) },
    }),
    signedIn,
    validate('query', listConversationsQuery),
    async (c) => {
      const user = requireUser(c)
      return respond(c, conversationsSchema, await listConversations(c.var.db, { user, actor: actorOf(c), ...c.req.valid('query') }))
    },
  )
  .get(
    '/conversations/referrals',
    describeRoute({ tags: ['messaging'], summary: "The referrer's referrals with their conversations (My Referrals & Messages)", responses: { ...jsonResponse(messageReferralsSchema), ...errors(401) } }),
    signedIn,
    async (c) => respond(c, messageReferralsSchema, await listMessageReferrals(c.var.db, { user: requireUser(c) })),
  )
  .get(
    '/conversations/:id/messages',
    describeRoute({ tags: ['messaging'], summary: 'Messages of a conversation, oldest first (parties; admins audited)', responses: { ...jsonResponse(messagesPageSchema), ...errors(401, 403, 404, 422, 503) } }),
    signedIn,
    validate('param', idParam),
    validate('query', listMessagesQuery),
    async (c) => {
      const user = requireUser(c)
      const { limit, before } = c.req.valid('query')
      return respond(c, messagesPageSchema, await listMessages(c.var.db, { user, actor: actorOf(c), conversationId: conversationId(c.req.valid('param').id), limit, before }))
    },
  )
  .post(
    '/conversations/:id/messages',
    describeRoute({ tags: ['messaging'], summary: 'Send a message (1-5000 characters)', responses: { ...jsonResponse(messageSentSchema, 201), ...errors(400, 401, 403, 404, 413, 422, 429) } }),
    signedIn,
    validate('param', idParam),
    validate('json', sendMessageSchema),
    async (c) => {
      const user = requireUser(c)
      requireVerified(user)
      const id = conversationId(c.req.valid('param').id)
      return respond(c, messageSentSchema, await sendMessage(c.var.db, { user, conversationId: id, message_text: c.req.valid('json').message_text }), 201)
    },
  )
  .post(
    '/conversations/:id/read',
    describeRoute({ tags: ['messaging'], summary: "Mark the other party's messages read", responses: { ...jsonResponse(updatedCountSchema), ...errors(401, 403, 404, 413) } }),
    signedIn,
    validate('param', idParam),
    async (c) => {
      const user = requireUser(c)
      return respond(c, updatedCountSchema, await markConversationRead(c.var.db, { user, conversationId: conversationId(c.req.valid('param').id) }))
    },
  )
