/**
 * What referrers are told about money, where they decide (the information
 * pages, sign-up, the referral form and the placement answer): Homeward is
 * free for them, and a referral can earn them the home's unlock fee when
 * their client is placed, which they may decline.
 */
export const referrerPaymentText = (feeRange: string) =>
  `Homeward is free for referrers. When a home unlocks your referral, it pays a one-time fee (${feeRange}) that is held in escrow; if your client is placed there and you both confirm it, the fee is paid to you. You can decline the payment when you confirm the placement: the fee then goes back to the home.`

/** For hospital and agency staff, beside every mention of the payment. */
export const REFERRAL_PAYMENT_POLICY = "Hospital, agency and other staff: check your organization's policy on referral payments before accepting one."
