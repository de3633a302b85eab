/**
 * Conversation list and thread (operator dashboard Messages tab and /my-referrals).
 * Built by the messaging issue; until then it says so.
 */
export function MessagesPanel(_props: { role: 'operator' | 'referrer'; referralId?: string }) {
  return <p className="text-slate-600">No conversations yet. Express interest in referrals to start messaging.</p>
}
