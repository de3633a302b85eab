import { onLiveEvents } from '../../lib/live-events'
import { queryKeys } from '../../lib/query-keys'

/*
 * What documents does with live events (lib/live-events.ts). Registered by
 * api/documents.ts, the module of its queries.
 *   document.created     {referral_id, document_id, operator_id}
 *   document.signed      {referral_id, document_id, operator_id}
 *   conversation.opened  {conversation_id, referral_id}   (messaging's)
 */
onLiveEvents(['document.created', 'document.signed'], (_, { id, invalidate }) => {
  invalidate(queryKeys.documents.list(id('referral_id')))
  invalidate(queryKeys.documents.referrals)
})

// An opened conversation adds its referral to the referrals one can share documents on.
onLiveEvents(['conversation.opened'], (_, { invalidate }) => invalidate(queryKeys.documents.referrals))
