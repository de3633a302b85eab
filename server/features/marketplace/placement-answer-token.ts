import type { Tx } from '../../db/client'
import { placement_answer_links } from '../../db/schema'
import { generateSessionToken, hashToken } from '../auth'

/**
 * A single-use link answering for one party about one held payment, valid
 * until the hold ends (only the token's hash is stored). Made for each
 * "Please confirm the placement" e-mail and reminder, inside its transaction.
 */
export async function createPlacementAnswerLink(tx: Tx, o: { payment_id: string; user_id: string; expires_at: Date }) {
  const token = generateSessionToken()
  await tx.insert(placement_answer_links).values({ payment_id: o.payment_id, user_id: o.user_id, token_hash: hashToken(token), expires_at: o.expires_at })
  return token
}

/** The e-mailed one-click answer page (placement-answer-links.ts answers it). */
export const answerLinkPath = (token: string) => `/answer-placement?token=${encodeURIComponent(token)}`
