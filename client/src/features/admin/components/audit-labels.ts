import type { AuditAction, AuditArea } from '@server/lib/audit-actions'

/**
 * The sentence for each audit action, as a key of the admin catalog. A
 * Record over every action the server can write (writeAudit takes only
 * these), so a new action without a sentence fails the type check; and
 * audit-labels.test.ts checks each key is in both languages.
 */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'referral.view': 'audit.action.referralView',
  'referral.create': 'audit.action.referralCreate',
  'referral.export_fhir': 'audit.action.referralExportFhir',
  'referral.cancel': 'audit.action.referralCancel',
  'referral.close': 'audit.action.referralClose',
  'referral.decline': 'audit.action.referralDecline',
  'referral.interest_withdrawn': 'audit.action.referralInterestWithdrawn',
  'referral.invite_operator': 'audit.action.referralInviteOperator',
  'referral.unlock_checkout_started': 'audit.action.referralUnlockCheckoutStarted',
  referral_status_changed: 'audit.action.referralStatusChanged',
  review_request_sent: 'audit.action.reviewRequestSent',
  'invitation.accept': 'audit.action.invitationAccept',
  'escrow.paid': 'audit.action.escrowPaid',
  'escrow.placement_confirmed': 'audit.action.escrowPlacementConfirmed',
  'escrow.released': 'audit.action.escrowReleased',
  'escrow.refunded': 'audit.action.escrowRefunded',
  'escrow.hold_expired': 'audit.action.escrowHoldExpired',
  'escrow.late_payment_refunded': 'audit.action.escrowLatePaymentRefunded',
  'payout_details.saved': 'audit.action.payoutDetailsSaved',
  'payout_details.read': 'audit.action.payoutDetailsRead',
  'payout.recorded': 'audit.action.payoutRecorded',
  'conversations.list_for_dispute': 'audit.action.conversationsListForDispute',
  'conversation.read_for_dispute': 'audit.action.conversationReadForDispute',
  'documents.list_for_dispute': 'audit.action.documentsListForDispute',
  'document.download_for_dispute': 'audit.action.documentDownloadForDispute',
  'subscription.cancelled': 'audit.action.subscriptionCancelled',
  'subscription.complimentary_granted': 'audit.action.subscriptionComplimentaryGranted',
  'subscription.complimentary_revoked': 'audit.action.subscriptionComplimentaryRevoked',
  'checkout.completed_offline': 'audit.action.checkoutCompletedOffline',
  'license_proof.downloaded': 'audit.action.licenseProofDownloaded',
  'license_proof.verified': 'audit.action.licenseProofVerified',
  'license_proof.rejected': 'audit.action.licenseProofRejected',
  'license_proof.revoked': 'audit.action.licenseProofRevoked',
  'account.deleted': 'audit.action.accountDeleted',
  admin_created: 'audit.action.adminCreated',
  admin_promoted: 'audit.action.adminPromoted',
  admin_demoted: 'audit.action.adminDemoted',
  email_retried: 'audit.action.emailRetried',
  keys_rotated: 'audit.action.keysRotated',
  'fhir_client.added': 'audit.action.fhirClientAdded',
  'fhir_client.revoked': 'audit.action.fhirClientRevoked',
  'fhir_client.token': 'audit.action.fhirClientToken',
  'fhir_subscription.created': 'audit.action.fhirSubscriptionCreated',
  'fhir_subscription.deleted': 'audit.action.fhirSubscriptionDeleted',
  'fhir_subscription.status': 'audit.action.fhirSubscriptionStatus',
  smart_ehr_added: 'audit.action.smartEhrAdded',
  smart_ehr_removed: 'audit.action.smartEhrRemoved',
}

export const AUDIT_AREA_LABELS: Record<AuditArea, string> = {
  referrals: 'audit.area.referrals',
  escrow: 'audit.area.escrow',
  disputes: 'audit.area.disputes',
  subscriptions: 'audit.area.subscriptions',
  verification: 'audit.area.verification',
  accounts: 'audit.area.accounts',
  systems: 'audit.area.systems',
}

/** Names for the detail keys an admin reads most; any other key is shown as words ("two_factor_secrets" → "Two factor secrets"). */
export const AUDIT_DETAIL_LABELS: Record<string, string> = {
  amount_cents: 'audit.detail.amount',
  referral_id: 'audit.detail.referral',
  operator_id: 'audit.detail.operator',
  invitation_id: 'audit.detail.invitation',
  newStatus: 'audit.detail.newStatus',
  previousStatus: 'audit.detail.previousStatus',
  matchedPropertyId: 'audit.detail.matchedHome',
  side: 'audit.detail.side',
  answer: 'audit.detail.answer',
  reason: 'audit.detail.reason',
  resolved_by: 'audit.detail.resolvedBy',
  hold_until: 'audit.detail.holdUntil',
  email: 'audit.detail.email',
}

/** "two_factor_secrets" / "previousStatus" → "Two factor secrets" / "Previous status"; "not_placed" → "not placed". */
export const words = (code: string) => code.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_.]+/g, ' ').toLowerCase()
export const sentence = (code: string) => {
  const w = words(code)
  return w.charAt(0).toUpperCase() + w.slice(1)
}
