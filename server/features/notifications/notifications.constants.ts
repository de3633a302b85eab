import type { EmailTopic } from '../../db/schema'

/** The kinds of e-mail one may turn off, as the account page and the unsubscribe page name them. */
export const EMAIL_TOPIC_LABELS: Record<EmailTopic, { label: string; hint: string }> = {
  messages: {
    label: 'New messages',
    hint: 'At most one e-mail per conversation every 15 minutes. It says how many messages arrived, never what they say.',
  },
  placement: {
    label: 'Placement answer needed',
    hint: 'When the other side has answered whether the client was placed and your answer is needed.',
  },
  hold_reminder: {
    label: 'Escrow hold ending',
    hint: 'A reminder before the escrow hold ends, if you have not answered about the placement yet.',
  },
}
