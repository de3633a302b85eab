/**
 * Where the referral form's draft is kept (referral-form.ts says why only in
 * sessionStorage). A module of its own, with no schemas, because the header
 * clears it at sign-out and is in the entry chunk.
 */
export const DRAFT_KEY = 'homeward.referral-draft'

export function clearDraft() {
  try {
    sessionStorage.removeItem(DRAFT_KEY)
  } catch {
    // Nothing stored.
  }
}
