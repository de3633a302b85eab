import type { Executor } from '../../db/client'
import { forbidden, notFound } from '../../errors'
import type { CurrentUser } from '../../types'
import { ADMIN_TWO_FACTOR_MESSAGE } from '../auth'
import { byId, conversationRows, sideOf, type ConversationRow, type ViewerSide } from './conversation-view'

export const CONVERSATION_NOT_FOUND = 'messaging.conversationNotFound'

/**
 * Loads a conversation for one user. Only its two parties may read and write;
 * admins may read (for disputes: the caller audits it) but never write;
 * anyone else gets a 404, as if it did not exist.
 */
export async function conversationFor(
  tx: Executor,
  user: CurrentUser,
  conversationId: string,
  mode: 'read' | 'write',
): Promise<{ row: ConversationRow; side: ViewerSide }> {
  const [row] = await conversationRows(tx, user.id, byId(conversationId))
  if (!row) throw notFound(CONVERSATION_NOT_FOUND)
  const side = sideOf(row, user.id)
  if (side) return { row, side }
  if (!user.is_admin) throw notFound(CONVERSATION_NOT_FOUND)
  assertAdminSession(user)
  if (mode === 'write') throw forbidden('messaging.adminsReadConversationsButNot')
  return { row, side: 'admin' }
}

/** Admin reads need a session that passed two-factor sign-in, like every admin call. */
export function assertAdminSession(user: CurrentUser) {
  if (!user.two_factor_verified) throw forbidden(ADMIN_TWO_FACTOR_MESSAGE, 'two_factor_enrolment_required')
}
