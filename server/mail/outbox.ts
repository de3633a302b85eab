import type { Tx } from '../db/client'
import { outbox, type MailAttachment } from '../db/schema'
import { afterCommit, inUnitOfWork } from '../db/unit-of-work'
import { runSoon } from '../jobs/scheduler'

/** The periodic task that delivers the outbox (mail.jobs.ts). */
export const OUTBOX_DELIVERY = 'outbox-delivery'

export type Email = {
  to: string
  /** Machine name of the notification: referral_submitted, operator_matched, review_request, ... */
  type: string
  subject: string
  text: string
  html?: string
  referral_id?: string | null
  /** Text files sent with the message, e.g. a confirmed tour's invite.ics. */
  attachments?: MailAttachment[]
  /** Extra headers (List-Unsubscribe on e-mails one may turn off). */
  headers?: Record<string, string>
}

/**
 * Queues an e-mail in the outbox inside the caller's transaction, so a message
 * exists if and only if the change that caused it committed. The outbox job
 * delivers it (SMTP, or an .eml file in DATA_DIR/outbox without SMTP): on this
 * instance right after the commit, else at its next round.
 */
export async function enqueueEmail(tx: Tx, email: Email) {
  const [queued] = await tx
    .insert(outbox)
    .values({
      to_email: email.to,
      type: email.type,
      subject: email.subject,
      text_body: email.text,
      html_body: email.html ?? null,
      referral_id: email.referral_id ?? null,
      attachments: email.attachments?.length ? email.attachments : null,
      headers: email.headers ?? null,
    })
    .returning({ id: outbox.id })
  // Sent as soon as the change that caused it committed, not at the delivery task's next round.
  if (inUnitOfWork(tx)) afterCommit(tx, () => runSoon(OUTBOX_DELIVERY))
  return queued!
}
