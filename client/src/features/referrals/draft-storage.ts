/**
 * Where the referral form's draft is kept (referral-form.ts says why only in
 * sessionStorage). A module of its own, with no schemas, because the header
 * clears it at sign-out and is in the entry chunk.
 */
export const DRAFT_KEY = 'homeward.referral-draft'
/** A health record's documents, kept apart from the answers: written once at import, not with every keystroke. */
export const DRAFT_DOCUMENTS_KEY = 'homeward.referral-draft-documents'

/** A SMART launch from an EHR left a record on the server for this tab to pick up once signed in (ADR 033). */
export const LAUNCH_PENDING_KEY = 'homeward.smart-launch-pending'

export function clearDraft() {
  try {
    sessionStorage.removeItem(DRAFT_KEY)
    sessionStorage.removeItem(DRAFT_DOCUMENTS_KEY)
    sessionStorage.removeItem(LAUNCH_PENDING_KEY)
  } catch {
    // Nothing stored.
  }
}
