/** A tour's status as the e-mails say it, in the words of the dashboard's "Your Tour Requests" (label, then its hint). */
export const TOUR_STATUS_TEXT = {
  pending: 'Pending. Waiting for the home to confirm.',
} as const
