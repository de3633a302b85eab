/**
 * Every action the server writes to the audit log, with the area the admin's
 * filter groups it under. `writeAudit` takes only these, so a new action
 * cannot be written without being named here; the admin dashboard's labels
 * catalog has a sentence for each (client/src/features/admin/components/audit-labels.ts,
 * checked by its test).
 */
export const AUDIT_ACTION_AREAS = {
  'referral.view': 'referrals',
  'referral.create': 'referrals',
  'referral.export_fhir': 'referrals',
  'referral.cancel': 'referrals',
  'referral.close': 'referrals',
  'referral.decline': 'referrals',
  'referral.interest_withdrawn': 'referrals',
  'referral.invite_operator': 'referrals',
  'referral.unlock_checkout_started': 'escrow',
  referral_status_changed: 'referrals',
  review_request_sent: 'referrals',
  'invitation.accept': 'referrals',
  'escrow.paid': 'escrow',
  'escrow.placement_confirmed': 'escrow',
  'escrow.released': 'escrow',
  'escrow.refunded': 'escrow',
  'escrow.hold_expired': 'escrow',
  'escrow.late_payment_refunded': 'escrow',
  'payout_details.saved': 'escrow',
  'payout_details.read': 'escrow',
  'payout.recorded': 'escrow',
  'conversations.list_for_dispute': 'disputes',
  'conversation.read_for_dispute': 'disputes',
  'documents.list_for_dispute': 'disputes',
  'document.download_for_dispute': 'disputes',
  'subscription.cancelled': 'subscriptions',
  'subscription.complimentary_granted': 'subscriptions',
  'subscription.complimentary_revoked': 'subscriptions',
  'checkout.completed_offline': 'subscriptions',
  'license_proof.downloaded': 'verification',
  'license_proof.verified': 'verification',
  'license_proof.rejected': 'verification',
  'license_proof.revoked': 'verification',
  'account.deleted': 'accounts',
  admin_created: 'accounts',
  admin_promoted: 'accounts',
  admin_demoted: 'accounts',
  email_retried: 'accounts',
  keys_rotated: 'systems',
  'fhir_client.added': 'systems',
  'fhir_client.revoked': 'systems',
  'fhir_client.token': 'systems',
  'fhir_subscription.created': 'systems',
  'fhir_subscription.deleted': 'systems',
  'fhir_subscription.status': 'systems',
  smart_ehr_added: 'systems',
  smart_ehr_removed: 'systems',
} as const

export type AuditAction = keyof typeof AUDIT_ACTION_AREAS
export type AuditArea = (typeof AUDIT_ACTION_AREAS)[AuditAction]
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_AREAS) as AuditAction[]
export const AUDIT_AREAS = [...new Set(Object.values(AUDIT_ACTION_AREAS))] as AuditArea[]
/** The actions of one area (the filter's `area`). */
export const actionsOfArea = (area: AuditArea) => AUDIT_ACTIONS.filter((a) => AUDIT_ACTION_AREAS[a] === area)
