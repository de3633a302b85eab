import { onLiveEvents } from '../../lib/live-events'
import { queryKeys } from '../../lib/query-keys'

/*
 * What messaging does with its live events (lib/live-events.ts). Registered
 * by api/messaging.ts, the module of its queries.
 *   message.created      {conversation_id, referral_id, message_id, sender_id, recipient_id}
 *   conversation.read    {conversation_id, referral_id, reader_id}
 *   conversation.opened  {conversation_id, referral_id}
 */
onLiveEvents(['message.created', 'conversation.read'], (_, { id, invalidate }) => {
  invalidate(queryKeys.messaging.conversations)
  invalidate(queryKeys.messaging.referrals)
  invalidate(queryKeys.messaging.messages(id('conversation_id')))
})

// A new conversation: the lists of conversations and of referrals one can write about.
onLiveEvents(['conversation.opened'], (_, { invalidate }) => {
  invalidate(queryKeys.messaging.conversations)
  invalidate(queryKeys.messaging.referrals)
})
